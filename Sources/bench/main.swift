// Synchronous entry point (ParsableCommand, not AsyncParsableCommand): valgrind's callgrind cannot
// follow an async main. ErrorContract parses and runs the command, so every error follows one contract.
ErrorContract.main()
