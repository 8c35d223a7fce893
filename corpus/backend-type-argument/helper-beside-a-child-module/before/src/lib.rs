//! Nothing here: the tests are the case.
