"""Rust source as the rules see it: tree-sitter syntax helpers, edits built from nodes, imports,
backend scopes, the pass-1 ProjectIndex, the FileContext, and what a file uses of burn."""
