#include "tls-certificate.h"

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <ctime>

namespace mql::net {

namespace {

std::string name(X509_NAME *n) {
  BIO *bio = BIO_new(BIO_s_mem());
  X509_NAME_print_ex(bio, n, 0, XN_FLAG_RFC2253);
  char *data = nullptr;
  long len = BIO_get_mem_data(bio, &data);
  std::string out(data, static_cast<size_t>(len));
  BIO_free(bio);
  return out;
}

std::string hex(const unsigned char *p, size_t n) {
  static const char digits[] = "0123456789ABCDEF";
  std::string out;
  for (size_t i = 0; i < n; i++) {
    out += digits[p[i] >> 4];
    out += digits[p[i] & 15];
  }
  return out;
}

}  // namespace

bool peerCertificate(SSL *ssl, Certificate &c) {
  X509 *cert = SSL_get1_peer_certificate(ssl);
  if (!cert) return false;
  c.subject = name(X509_get_subject_name(cert));
  c.issuer = name(X509_get_issuer_name(cert));
  const ASN1_INTEGER *serial = X509_get0_serialNumber(cert);
  c.serial = hex(serial->data, static_cast<size_t>(serial->length));
  unsigned char sha1[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  X509_digest(cert, EVP_sha1(), sha1, &len);
  c.thumbprint = hex(sha1, len);
  tm t{};
  ASN1_TIME_to_tm(X509_get0_notAfter(cert), &t);
  c.expiration = timegm(&t);
  X509_free(cert);
  return true;
}

}  // namespace mql::net
