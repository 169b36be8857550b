//! The bounds of a branch and bound.

pub(crate) mod potentials;
