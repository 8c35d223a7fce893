/// Shared by the test files: names nothing of theirs.
pub const ROW: [f32; 2] = [1.0, 2.0];
