// The server certificate of a TLS socket, as SocketTlsCertificate reports it
// (mql5.com/en/docs/network/sockettlscertificate).
#pragma once
#include <openssl/ssl.h>

#include <string>

namespace mql::net {

struct Certificate {
  std::string subject;     // "CN=..., O=..." (RFC 2253)
  std::string issuer;
  std::string serial;      // hexadecimal
  std::string thumbprint;  // SHA-1 of the DER certificate, hexadecimal
  long long expiration = 0;  // notAfter, seconds since 1970
};

bool peerCertificate(SSL *ssl, Certificate &c);

}  // namespace mql::net
