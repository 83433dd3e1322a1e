# Builds the server bundle and the client once; the same image runs server, worker and migrate.
# The workspace manifests alone: the npm ci layers below stay cached until one of them changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY bridge/package.json bridge/
COPY server/package.json server/
COPY client/package.json client/
COPY load-tests/package.json load-tests/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS runtime
ENV NODE_ENV=production
RUN npm ci --omit=dev --workspace server --include-workspace-root=false --no-audit --no-fund
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
COPY --from=build /app/contracts contracts
COPY --from=build /app/bridge bridge
COPY migrations migrations
COPY ea ea
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
