"""The project on disk: discovery of crates and files, dependency declarations, Cargo.lock."""
