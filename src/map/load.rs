//! Loading a map package folder into a [`GameMap`](super::GameMap), validating every feature.
//! (Being written.)
