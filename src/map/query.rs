//! Spatial queries the rules need. (Being written.)
