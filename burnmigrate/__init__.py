"""burnmigrate: upgrade a burn 0.21 Rust project to burn 0.22.1."""
__version__ = "0.1.0"
