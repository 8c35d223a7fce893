"""Renderings of one RunResult (and of a verify account): labelled diffs, the summary, text,
JSON, SARIF and Markdown. Plain data in, text out: no tree-sitter, no files written."""
