return run time query gametime
