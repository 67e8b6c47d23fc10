import fc from 'fast-check';

// Under `npm run mutation`, a property only has to fail to kill a mutant: its smallest
// counterexample is of no use there. Shrinking one (the ledger's sequences of up to 84
// operations, audited after every step) took minutes per mutant, so stop at the first failure.
// The runs each property asks for (`numRuns`) are unchanged, so no mutant survives for this.
fc.configureGlobal({ endOnFailure: true });
