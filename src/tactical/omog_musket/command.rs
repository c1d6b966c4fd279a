//! What an OMOG Musket player asks for: the OMOG core's orders and nothing more (see
//! [`omog_commands!`](crate::omog_commands)). There is no order to reload: a man whose weapon is
//! empty loads it whenever his side ends a move in which he did not change his place (so a man
//! who turns to face or holds may still load), and a shot empties it.

crate::omog_commands! {
    /// What a player asks for.
    pub enum MusketCommand {}
}
