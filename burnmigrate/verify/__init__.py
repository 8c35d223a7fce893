"""verify: compiler diagnostics (parsed from cargo's JSON), accounting for each error left, and
blame after `apply --verify`. Pure: running cargo is the use-case layer's (app/cargo.py)."""
