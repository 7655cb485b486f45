// Synchronous entry point (ParsableCommand, not AsyncParsableCommand): valgrind's callgrind cannot
// follow an async main.
Bench.main()
