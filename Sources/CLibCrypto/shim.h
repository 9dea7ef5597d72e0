// OpenSSL's libcrypto (libssl-dev, which libpq-dev already brings), for the
// SHA-256 digests the store, the study page and the run browser write.
//
// Only the EVP digest interface is used, in one file of Digests
// (SHA256.swift), nowhere else. Why not swift-crypto: it compiles its own
// copy of BoringSSL from C, about half of a fresh release build (issue 36),
// for one hash the system's libcrypto already provides.

#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
