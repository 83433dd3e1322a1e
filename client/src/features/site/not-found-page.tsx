import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold text-ink">Page not found</h1>
      <p className="mt-3 text-ink-muted">
        The page you asked for does not exist or has moved. Check the address, or continue from one
        of these pages.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Back to home
        </Link>
        <Link to="/docs" className={buttonClasses('outline')}>
          Read the docs
        </Link>
      </div>
    </section>
  );
}
