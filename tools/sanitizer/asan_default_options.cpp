// SPDX-License-Identifier: MIT
// Sanitizer builds only: options every instrumented GL program starts with,
// however it is run (ctest, tools/test.sh or by hand).
//
// intercept_tls_get_addr=0: GCC 12's runtime (fixed upstream after GCC 13)
// takes a dynamic TLS block whose address is 16 bytes past a page boundary
// for a pre-2.25 glibc block with a header, and registers the two words in
// front of it as a TLS range. Mesa's llvmpipe gets such blocks from malloc,
// so now and then (more often on a loaded machine) LeakSanitizer's tracer
// scans that made-up range at exit and dies with "Tracer caught signal 11"
// after every test has passed. Without the interceptor LSan scans no dynamic
// TLS, which holds no pointer of ours: our code only uses static TLS.
extern "C" [[gnu::visibility("default"), gnu::used, gnu::no_sanitize_address]] const char*
__asan_default_options()
{
    return "intercept_tls_get_addr=0";
}
