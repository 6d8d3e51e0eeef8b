// The server's tests boot the real app on a fresh PostgreSQL database per file and hash
// passwords with argon2: on the shared two-core machines (load 8 to 11 while other suites
// run) a file's start-up alone passes jest's 5 s. Speed is measured by the benchmarks in
// test/benchmarks/, never by these limits.
jest.setTimeout(30_000);
