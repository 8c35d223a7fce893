pub struct Pair<T>(pub T, pub T);

pub mod deep {
    pub struct Opt<T>(pub T);

    pub fn wrap(x: u8) -> Opt<u8> {
        Opt(x)
    }
}
