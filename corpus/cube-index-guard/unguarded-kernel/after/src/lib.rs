use cubecl::prelude::*;

/// Indexes by position with no guard: the last cube reads past the data (the finding).
#[cube(launch_unchecked)]
pub fn copy_unguarded(input: &Array<f32>, output: &mut Array<f32>) {
    output[ABSOLUTE_POS] = input[ABSOLUTE_POS];
}

/// Near miss: the position is checked first.
#[cube(launch_unchecked)]
pub fn copy_guarded(input: &Array<f32>, output: &mut Array<f32>) {
    if ABSOLUTE_POS < output.len() {
        output[ABSOLUTE_POS] = input[ABSOLUTE_POS];
    }
}
