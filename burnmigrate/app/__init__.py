"""The use cases (preview, check, apply, verify): the only layer that writes files or runs
cargo. The CLI calls these and hands what they return to the renderers."""
