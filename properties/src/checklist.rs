//! The items of `shared/rules/CHECKLIST.md` (rule numbers of the 2026-09-25
//! edition), so that coverage can be printed and tested.

/// The tier of a checklist item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// Battle rules: model and engine.
    One,
    /// Multiplayer options and seed cards: engine first.
    Two,
}

/// One checklist item.
#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub id: &'static str,
    pub source: &'static str,
    pub tier: Tier,
    pub summary: &'static str,
}

const fn t1(id: &'static str, source: &'static str, summary: &'static str) -> Item {
    Item {
        id,
        source,
        tier: Tier::One,
        summary,
    }
}
const fn t2(id: &'static str, source: &'static str, summary: &'static str) -> Item {
    Item {
        id,
        source,
        tier: Tier::Two,
        summary,
    }
}

/// Every checklist item, in checklist order.
pub const ITEMS: &[Item] = &[
    t1("B01", "310.1", "battles are cast by the active player, main phase, empty stack, using the stack"),
    t1("B02", "310.2", "a resolving battle spell enters under its caster's control"),
    t1("B03", "310.4a-c, 614.1c", "enters with defense counters equal to printed defense, copies entering too"),
    t1("B04", "310.5, 508.1b, 802.3", "battles can be attacked; each attacker attacks one player, planeswalker or battle"),
    t1("B05", "310.6, 120.3h, 120.4a", "damage to a battle removes that many counters; excess is not carried"),
    t1("B06", "115.4", "\"any target\" includes battles"),
    t1("B07", "310.7, 704.5v", "a Siege at defense 0 goes to the graveyard unless its trigger is waiting or on the stack"),
    t1("B08", "310.8, 704.5w", "a non-Siege battle at defense 0 goes to the graveyard, no exception"),
    t1("B09", "310.9a", "protector chosen as it enters by battle type; no battle type: its controller"),
    t1("B10", "310.12a", "a Siege's protector is an opponent of its controller"),
    t1("B11", "310.9b", "the protector never attacks it; others can, its controller included"),
    t1("B12", "310.9c, 509.1a, 802.4a", "only the protector's creatures block its attackers"),
    t1("B13", "310.9d, 508.5", "the defending player for an attacked battle is its protector"),
    t1("B14", "310.9f", "exactly one protector at a time"),
    t1("B15", "310.9g", "protector unchanged when it stops being a battle or copies another battle"),
    t1("B16", "310.10, 704.5p", "a battle is never attached"),
    t1("B17", "310.11, 704.5x", "protector not in the game and not attacked: new protector, or graveyard"),
    t1("B18", "704.5y", "protector who can't be its protector: new protector, or graveyard"),
    t1("B19", "310.12b", "defeat trigger: exile, then may cast transformed; exactly once per last-counter removal"),
    t1("B20", "712.8c, 712.11a, 712.13, 608.2g", "cast transformed: back face; permanent enters, sorcery to graveyard"),
    t1("B21", "ruling", "exile happens whatever the player decides; declined card stays in exile"),
    t1("B22", "ruling", "a Siege that never had counters goes to the graveyard without trigger"),
    t1("B23", "ruling, 704.5d", "a token or non-DFC copy is exiled and can't be cast; a token ceases to exist"),
    t1("B24", "ruling", "a nonmodal DFC that became a copy of a Siege is cast with its own back face"),
    t1("B25", "ruling, 707.2", "a non-battle that becomes a copy of a Siege gets a protector, then goes to the graveyard"),
    t1("B26", "ruling, 704.5x, 800.4a", "protector left while attacked: stays attacked until no creature attacks it"),
    t1("B27", "506.4, 506.4c, 510.1b", "attacked battle removed from combat on control/protector/type change; attackers deal no damage"),
    t1("B28", "508.1a, 509.1a, 506.4", "battles never attack or block, even as creatures"),
    t1("B29", "704.5y, 506.4", "gaining control of a battle: new protector if needed; removed from combat"),
    t1("B30", "310.7, 603.3", "a Siege at 0 stays while its trigger waits; countered trigger: graveyard"),
    t1("B31", "400.7, 603.x", "a Siege that left before its trigger resolved: no exile, no cast"),
    t1("B32", "510.2, 120.4", "damage from several attackers is one event: one trigger"),
    t1("B33", "510.4, 702.7, 506.4c", "first strike can defeat a battle before regular damage"),
    t1("B34", "702.19b", "trample assigns excess beyond blockers to the attacked battle"),
    t1("B35", "800.4a", "a leaving player's objects leave; controlled-not-owned are exiled"),
    t2("M01", "802, 803, 801, 809, 811", "attack options and range of influence for battles"),
    t2("M02", "805.10, 810.7", "Two-Headed Giant blocks for battles protected by a teammate"),
    t2("M03", "508.7c-e", "reselecting an attack onto a battle protected by an opponent"),
    t2("C01", "seed 000", "Invasion of Zendikar // Awakened Skyclave"),
    t2("C02", "seed 001", "Invasion of Gobakhan // Lightshield Array"),
    t2("C03", "seed 002", "Invasion of New Capenna // Holy Frazzle-Cannon"),
    t2("C04", "seed 004", "Invasion of Ikoria // Zilortha, Apex of Ikoria"),
    t2("C05", "card data", "the 36 March of the Machine Sieges as card data"),
];

/// Look an item up by id.
pub fn item(id: &str) -> Option<&'static Item> {
    ITEMS.iter().find(|i| i.id == id)
}
