// libpq, PostgreSQL's client library (libpq-dev), for TraceStorePostgres.
//
// Only the header: libpq's API is plain functions and opaque handles, which
// Swift imports as they are. Its C calls are made in one file of
// TraceStorePostgres (LibPQ.swift), nowhere else.

#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

#include <libpq-fe.h>

#endif
