//! The model's game state: small, fixed-capacity and cheap to clone and hash
//! (no heap allocation, no hash maps), since every explored state is one.
//! Its vectors are `tinyvec` array vectors, which are `Copy` when their
//! items are, so that cloning a state is one memory copy (`arrayvec`'s,
//! used for short-lived lists elsewhere, clone item by item).

use crate::rules::cards::{BackFace, Keyword, Keywords, Kind};
use crate::rules::config::{Setup, MAX_OBJECTS, MAX_PLAYERS, MAX_STACK, MAX_WAITING};
use crate::rules::faults::Fault;
use battlecheck_properties::seating::{Seats, Table};
use battlecheck_properties::step::{Happened, StepBreak};
use battlecheck_properties::view::{History, ProtectorOrigin};
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Step, Target, Zone};
use serde::{Deserialize, Serialize};
use std::hash::Hash;
use tinyvec::ArrayVec;

/// The setup a state belongs to. Every state of a run shares it, so it takes
/// no part in equality, ordering or hashing.
#[derive(Clone, Copy)]
pub struct SetupRef(pub &'static Setup);

impl PartialEq for SetupRef {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for SetupRef {}
impl PartialOrd for SetupRef {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for SetupRef {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Player {
    pub life: i8,
    pub in_game: bool,
    /// In the game as the current turn began: whose seats count for ranges
    /// of influence this turn (801.2c). Kept only with a limited range of
    /// influence; otherwise always true, so it adds no states.
    pub seated: bool,
}

/// A creature's part in combat.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Combat {
    #[default]
    None,
    /// Attacking `target` (`None` once it was removed from combat, 506.4c);
    /// `defender` is the defending player relative to it (508.5), who may
    /// still block it.
    Attacking {
        target: Option<AttackTarget>,
        defender: PlayerId,
        blocked: bool,
    },
    Blocking(CardId),
}

/// One object: a card in any zone or a token slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Obj {
    pub zone: Zone,
    /// Counts zone changes: a new object each time (400.7). Forgotten
    /// (back to 0) once the object has left the game with its owner
    /// (`GameState::forget_zone_changes`).
    pub incarnation: u8,
    pub controller: PlayerId,
    /// The player who controls it when no control-changing effect applies:
    /// who put it onto the battlefield or cast it (800.4a).
    pub default_controller: PlayerId,
    /// Players given control by control-changing effects still in force,
    /// oldest first (613.1b, 613.7: the newest applies last and wins). When
    /// the effects of a player who left end (800.4a), the newest remaining
    /// one applies, else the default controller. At most three are kept
    /// (the oldest is forgotten), enough for every preset.
    pub control_effects: [Option<PlayerId>; 3],
    pub protector: Option<PlayerId>,
    pub protector_origin: ProtectorOrigin,
    /// Defense counters (310.4c).
    pub counters: u8,
    /// Loyalty counters (306.5b; damage removes them, 120.3c).
    pub loyalty: u8,
    /// Damage marked (120.3e).
    pub damage: u8,
    /// Dealt damage by a source with deathtouch since state-based actions
    /// were last checked (702.2b, 704.5h).
    pub deathtouched: bool,
    pub tapped: bool,
    pub back_face: bool,
    /// Not controlled continuously since its controller's turn began (302.6).
    pub sick: bool,
    /// Became a 2/2 creature in addition to its types.
    pub animated: bool,
    /// Copiable values taken from this card's front face (707.2).
    pub copy_of: Option<CardId>,
    pub combat: Combat,
    pub attached_to: Option<CardId>,
    /// Combat damage a trampling attacker assigns to what it attacks
    /// (702.19b), between the choice and the damage.
    pub trample_assigned: Option<u8>,
    /// The combat damage the attacker it blocks assigned to it, when that
    /// attacker's damage was divided among two or more blockers (510.1c),
    /// until it is dealt.
    pub share: Option<u8>,
    /// A blocked attacker's controller chose whether it assigns its combat
    /// damage as though it weren't blocked (Zilortha, C04), between the
    /// choice and the damage.
    pub as_unblocked: Option<bool>,
    /// +1/+1 counters (122.1a): Lightshield Array's.
    pub plus_one: u8,
    /// It attacked this turn (508.1).
    pub attacked: bool,
    /// It gained hexproof and indestructible until end of turn (Lightshield
    /// Array's ability; 702.11b, 702.12b).
    pub shielded: bool,
    /// In exile, and its owner may play it for as long as it stays there
    /// (Invasion of Gobakhan, 601.3). A zone change makes a new object
    /// without it (400.7).
    pub playable_from_exile: bool,
    pub history: History,
}

/// A target as chosen, with the incarnation of a permanent so that a
/// permanent that changed zones is no longer the same target (400.7, 608.2b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TargetRef {
    pub target: Target,
    pub incarnation: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StackItem {
    Spell {
        card: CardId,
        controller: PlayerId,
        transformed: bool,
        targets: [Option<TargetRef>; 2],
    },
    /// A triggered ability and the object it triggered from: a Siege's
    /// defeat trigger (310.12b), Portal Mage's enters trigger with its
    /// target (`None` until chosen, 603.3d), or a ward trigger with the
    /// spell it counters (`ward`).
    Trigger {
        source: CardId,
        incarnation: u8,
        controller: PlayerId,
        ability: Ability,
        target: Option<TargetRef>,
    },
    /// An activated ability (602): Lightshield Array's (see
    /// `lightshield`), whose source is sacrificed to pay for it, or an
    /// Equipment's equip ability with the creature it targets (`equip`,
    /// 702.6a). Not a triggered ability: nothing counters it here (701.6b).
    Activated {
        source: CardId,
        controller: PlayerId,
        /// The target of an equip ability; `None` for Lightshield Array's.
        equip: Option<TargetRef>,
    },
}

/// Which triggered ability a trigger is.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Ability {
    /// A Siege's defeat trigger (310.12b).
    #[default]
    Defeat,
    /// Portal Mage's "When this creature enters during the declare
    /// attackers step, you may reselect which player or permanent target
    /// attacking creature is attacking" (508.7).
    Reselect,
    /// Invasion of Gobakhan's "When this Siege enters, look at target
    /// opponent's hand. You may exile a nonland card from it. For as long
    /// as that card remains exiled, its owner may play it."
    ExileFromHand,
    /// Invasion of Ikoria's "When this Siege enters, search your library
    /// and/or graveyard for a non-Human creature card with mana value X or
    /// less and put it onto the battlefield. If you search your library
    /// this way, shuffle." In the model's games it finds nothing: cast from
    /// a hand X is 0, no card of the pool has mana value 0, and there is no
    /// library.
    SearchForCreature,
    /// Ward (702.21a): "Whenever this permanent becomes the target of a
    /// spell or ability an opponent controls, counter that spell or
    /// ability unless that player pays [cost]" (`ward`). The trigger's
    /// `target` is the spell it counters, which it does not target.
    Ward,
}

impl Ability {
    /// What the ability is called in reports.
    pub fn name(self) -> &'static str {
        match self {
            Ability::Defeat => "defeat trigger",
            Ability::Reselect => "reselect trigger",
            Ability::ExileFromHand => "exile-from-hand trigger",
            Ability::SearchForCreature => "search trigger",
            Ability::Ward => "ward trigger",
        }
    }
}

/// A triggered ability waiting to be put on the stack (603.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Waiting {
    pub source: CardId,
    pub incarnation: u8,
    pub controller: PlayerId,
    pub ability: Ability,
}

/// What happens once state-based actions are complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Then {
    Priority,
    EndTurn,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Pending {
    Priority,
    DeclareAttackers,
    DeclareBlockers,
    /// Just before `attacker`, a blocked non-Human creature, assigns its
    /// combat damage, its controller, who controls Zilortha, decides
    /// whether it assigns it as though it weren't blocked (C04).
    AssignAsUnblocked {
        attacker: CardId,
    },
    /// A blocked trampling attacker's controller divides its damage.
    AssignTrample {
        attacker: CardId,
    },
    /// An attacker's controller divides its combat damage among its two
    /// or more blockers (510.1c).
    DivideDamage {
        attacker: CardId,
    },
    /// The clone on top of the stack is entering: choose what it copies.
    ChooseCopy {
        card: CardId,
    },
    /// `entering` is entering the battlefield as the top of the stack
    /// resolves: choose its protector (310.9a, 310.12a).
    EnterProtector {
        entering: CardId,
        copy_of: Option<CardId>,
    },
    /// State-based actions need protector choices (704.5x–y).
    SbaProtectors {
        then: Then,
    },
    /// The defeat trigger on top of the stack is resolving.
    CastTransformed {
        card: CardId,
        player: PlayerId,
    },
    /// The trigger of `source` was put on the stack and its controller
    /// chooses its target (603.3d); then the game goes on with `then`.
    TargetTrigger {
        source: CardId,
        then: Then,
    },
    /// The exile-from-hand trigger of `source` is resolving: `player`, its
    /// controller, looks at `whose` hand and may exile a nonland card from
    /// it (Invasion of Gobakhan; 608.2d: the choice is made on resolution).
    ChooseCards {
        source: CardId,
        player: PlayerId,
        whose: PlayerId,
    },
    /// Portal Mage's trigger on top of the stack is resolving: `player` may
    /// reselect what `attacker` attacks (508.7).
    ReselectAttack {
        attacker: CardId,
        player: PlayerId,
    },
    /// The ward trigger of `source` is resolving: the controller of
    /// `spell`, which it counters, pays its cost or not (702.21a).
    PayUnless {
        source: CardId,
        spell: CardId,
    },
    GameOver,
}

/// A state of the game. Its `Hash` is in [`crate::check::fingerprint`].
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub struct GameState {
    pub setup: SetupRef,
    pub turn: u8,
    pub active: PlayerId,
    pub step: Step,
    pub pending: Pending,
    pub players: ArrayVec<[Player; MAX_PLAYERS]>,
    pub objs: ArrayVec<[Obj; MAX_OBJECTS]>,
    pub stack: ArrayVec<[StackItem; MAX_STACK]>,
    pub waiting: ArrayVec<[Waiting; MAX_WAITING]>,
    /// A Fog resolved this turn: all combat damage that would be dealt is
    /// prevented until the turn's cleanup step (615.1a, 514.2;
    /// `prevention`).
    pub combat_damage_prevented: bool,
    /// The first rule of what one decision may do that a decision on the
    /// way here broke (`battlecheck_properties::step`); `None` in every
    /// state of a correct model, so it adds no states.
    pub broken: Option<StepBreak>,
    /// What the decision being applied did, judged as it ends
    /// ([`GameState::apply`]), and the objects the last decision wrote.
    pub journal: Journal,
}

/// A copy field by field; [`Clone::clone_from`] copies the objects in use
/// only, not the whole array's room: the check writes every successor
/// into a state of its stack this way ([`crate::check::search`]), and most
/// configurations use under half of [`MAX_OBJECTS`].
impl Clone for GameState {
    fn clone(&self) -> Self {
        GameState {
            setup: self.setup,
            turn: self.turn,
            active: self.active,
            step: self.step,
            pending: self.pending,
            players: self.players,
            objs: self.objs,
            stack: self.stack,
            waiting: self.waiting,
            combat_damage_prevented: self.combat_damage_prevented,
            broken: self.broken,
            journal: self.journal.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        // Destructured, so that a new field does not compile until it is
        // copied here too.
        let GameState {
            setup,
            turn,
            active,
            step,
            pending,
            players,
            objs,
            stack,
            waiting,
            combat_damage_prevented,
            broken,
            journal,
        } = source;
        self.setup = *setup;
        self.turn = *turn;
        self.active = *active;
        self.step = *step;
        self.pending = *pending;
        self.players = *players;
        self.objs.clone_from(objs);
        self.stack = *stack;
        self.waiting = *waiting;
        self.combat_damage_prevented = *combat_damage_prevented;
        self.broken = *broken;
        self.journal.clone_from(journal);
    }
}

/// What a decision did. Not part of a state: it takes no part in comparing
/// or hashing states.
#[derive(Clone, Debug, Default)]
pub struct Journal {
    /// The facts the decision being applied records, judged as it ends
    /// ([`GameState::apply`]); empty in every state between decisions.
    pub facts: Vec<Happened>,
    /// The objects the last decision applied wrote, bit `i` for object `i`
    /// (every write goes through [`GameState::obj_mut`] or
    /// [`GameState::objs_mut`]): what the search reads to tell that two
    /// decisions commute ([`crate::check::commute`]). An object written
    /// with the value it had counts too.
    pub written: u32,
}

impl PartialEq for Journal {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for Journal {}
impl PartialOrd for Journal {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Journal {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

/// An object's characteristics now (rule 109.3, with copy effects applied
/// first, then type-changing effects: 613).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chars {
    pub battle: bool,
    pub siege: bool,
    pub creature: bool,
    pub power: u8,
    pub toughness: u8,
    pub keywords: Keywords,
    pub printed_defense: u8,
    pub planeswalker: bool,
    pub printed_loyalty: u8,
    pub sorcery: bool,
    /// Its creature types include Human (205.3m).
    pub human: bool,
    /// It has Zilortha's static ability: each non-Human creature its
    /// controller controls may assign its combat damage as though it
    /// weren't blocked (C04).
    pub grants_as_unblocked: bool,
    /// The damage its controller's noncreature sources deal to a creature,
    /// battle or opponent is increased by this (614.1a, `replacement`).
    pub noncreature_damage_bonus: u8,
    /// It is an Equipment with an equip ability (301.5, 702.6a).
    pub equipment: bool,
    /// "Equipped creature gets +`equipped_power`/+0" (613.4c, `equip`).
    pub equipped_power: u8,
}

impl Chars {
    pub fn of_kind(kind: Kind, back_face: bool) -> Chars {
        let mut c = Chars::default();
        match (kind, back_face) {
            (
                Kind::Siege {
                    back: BackFace::Creature { power, toughness },
                    ..
                },
                true,
            ) => {
                c.creature = true;
                c.power = power;
                c.toughness = toughness;
            }
            (
                Kind::Siege {
                    back: BackFace::Zilortha,
                    ..
                },
                true,
            ) => {
                c.creature = true;
                c.power = 8;
                c.toughness = 8;
                c.keywords = Keywords::of(&[Keyword::Reach]);
                c.grants_as_unblocked = true;
            }
            (
                Kind::Siege {
                    back: BackFace::Sorcery,
                    ..
                },
                true,
            ) => c.sorcery = true,
            (Kind::Siege { defense, .. }, false) => {
                c.battle = true;
                c.siege = true;
                c.printed_defense = defense;
            }
            (Kind::Battle { defense, equipment }, _) => {
                c.battle = true;
                c.printed_defense = defense;
                c.equipment = equipment;
            }
            (
                Kind::Creature {
                    power,
                    toughness,
                    keywords,
                    human,
                },
                _,
            ) => {
                c.creature = true;
                c.power = power;
                c.toughness = toughness;
                c.keywords = keywords;
                c.human = human;
            }
            (Kind::Clone, _) => c.creature = true,
            (Kind::Amplifier { bonus }, _) => c.noncreature_damage_bonus = bonus,
            (Kind::Equipment { power }, _) => {
                c.equipment = true;
                c.equipped_power = power;
            }
            (Kind::Planeswalker { loyalty }, _) => {
                c.planeswalker = true;
                c.printed_loyalty = loyalty;
            }
            // Portal Mage is a Human Wizard.
            (Kind::PortalMage, _) => {
                c.creature = true;
                c.power = 2;
                c.toughness = 2;
                c.human = true;
            }
            _ => {}
        }
        c
    }
}

/// The history of a card that starts on the battlefield back face up
/// ([`crate::rules::cards::CardName::starts_transformed`]): a Siege whose
/// last defense counter was removed once, whose trigger exiled it, and
/// which was then cast transformed (310.12b, 712.11a), before the game
/// began.
pub const TRANSFORMED_HISTORY: History = History {
    defeats: 1,
    triggers: 1,
    trigger_exiles: 1,
    transformed_casts: 1,
    ..NO_HISTORY
};

pub const NO_HISTORY: History = History {
    defeats: 0,
    triggers: 0,
    trigger_exiles: 0,
    trigger_fizzles: 0,
    triggers_countered: 0,
    transformed_casts: 0,
    exile_casts: 0,
    combat_defeat: false,
    trampled: false,
    hit_as_unblocked: false,
    was_siege_copy: false,
};

impl Obj {
    pub fn new(zone: Zone, owner: PlayerId) -> Obj {
        Obj {
            zone,
            incarnation: 0,
            controller: owner,
            default_controller: owner,
            control_effects: [None; 3],
            protector: None,
            protector_origin: ProtectorOrigin::Entered,
            counters: 0,
            loyalty: 0,
            damage: 0,
            deathtouched: false,
            tapped: false,
            back_face: false,
            sick: false,
            animated: false,
            copy_of: None,
            combat: Combat::None,
            attached_to: None,
            trample_assigned: None,
            share: None,
            as_unblocked: None,
            plus_one: 0,
            attacked: false,
            shielded: false,
            playable_from_exile: false,
            history: NO_HISTORY,
        }
    }
}

/// The filler of a free slot of the state's fixed-capacity vectors (never
/// read: equality, order and hashing look at the used slots only).
impl Default for Obj {
    fn default() -> Obj {
        Obj::new(Zone::Outside, PlayerId(0))
    }
}

impl Default for StackItem {
    fn default() -> StackItem {
        StackItem::Trigger {
            source: CardId(0),
            incarnation: 0,
            controller: PlayerId(0),
            ability: Ability::Defeat,
            target: None,
        }
    }
}

impl Default for Waiting {
    fn default() -> Waiting {
        Waiting {
            source: CardId(0),
            incarnation: 0,
            controller: PlayerId(0),
            ability: Ability::Defeat,
        }
    }
}

/// Saturating increment for history counts.
pub fn bump(n: &mut u8) {
    *n = (*n + 1).min(3);
}

impl GameState {
    pub fn initial(setup: &'static Setup) -> GameState {
        let players = (0..setup.players())
            .map(|_| Player {
                life: setup.config.life,
                in_game: true,
                seated: true,
            })
            .collect();
        let objs = setup
            .objects
            .iter()
            .map(|d| {
                let mut o = Obj::new(d.start, d.owner);
                if d.start == Zone::Battlefield && d.name.starts_transformed() {
                    o.back_face = true;
                    o.history = TRANSFORMED_HISTORY;
                }
                // 306.5b: a planeswalker is on the battlefield with its
                // printed loyalty.
                if d.start == Zone::Battlefield {
                    o.loyalty = d.front.printed_loyalty;
                }
                o
            })
            .collect();
        GameState {
            setup: SetupRef(setup),
            turn: 0,
            active: PlayerId(0),
            step: Step::Main,
            pending: Pending::Priority,
            players,
            objs,
            stack: ArrayVec::new(),
            waiting: ArrayVec::new(),
            combat_damage_prevented: false,
            broken: None,
            journal: Journal::default(),
        }
    }

    /// Record what the decision being applied does (see [`Journal`]).
    #[inline]
    pub fn record(&mut self, fact: Happened) {
        self.journal.facts.push(fact);
    }

    /// `p` loses `n` life (119.3): how damage dealt to a player changes
    /// their life total (120.3a).
    pub fn lose_life(&mut self, p: PlayerId, n: u8) {
        self.change_life(p, -(n as i8), |player| Happened::Life { player });
    }

    /// `p` pays `n` life (119.4), as a ward cost (702.21a).
    pub fn pay_life(&mut self, p: PlayerId, n: u8) {
        self.change_life(p, -(n as i8), |player| Happened::LifeByInstruction {
            player,
        });
    }

    /// `p` gains `n` life (119.3) from lifelink (702.15b, 120.3f).
    pub fn gain_life(&mut self, p: PlayerId, n: u8) {
        self.change_life(p, n as i8, |player| Happened::LifeByInstruction { player });
    }

    /// Add `delta` to `p`'s life total, recording `fact` for each life total
    /// changed. With Two-Headed Giant the change is applied to the team's
    /// shared life total (810.9), which each member's life shows (810.9a).
    fn change_life(&mut self, p: PlayerId, delta: i8, fact: fn(PlayerId) -> Happened) {
        let variant = self.setup().config.variant;
        let shared = !self.setup().fault(Fault::LifeNotShared);
        for q in 0..self.players.len() as u8 {
            if q == p.0 || (shared && variant.team(PlayerId(q)) == variant.team(p)) {
                self.players[q as usize].life += delta;
                self.record(fact(PlayerId(q)));
            }
        }
    }

    /// Are `p` and `q` on the same team (805, 810; every player is alone
    /// without Two-Headed Giant)?
    #[inline]
    pub fn teammates(&self, p: PlayerId, q: PlayerId) -> bool {
        !self.setup().config.variant.opponents(p, q)
    }

    #[inline]
    pub fn setup(&self) -> &'static Setup {
        self.setup.0
    }

    #[inline]
    pub fn obj(&self, id: CardId) -> &Obj {
        &self.objs[id.0 as usize]
    }

    #[inline]
    pub fn obj_mut(&mut self, id: CardId) -> &mut Obj {
        self.journal.written |= 1 << id.0;
        &mut self.objs[id.0 as usize]
    }

    /// Every object, to change: all are taken as written (see
    /// [`Journal::written`]).
    pub fn objs_mut(&mut self) -> impl Iterator<Item = &mut Obj> {
        self.journal.written = u32::MAX;
        self.objs.iter_mut()
    }

    pub fn ids(&self) -> impl Iterator<Item = CardId> {
        (0..self.objs.len() as u8).map(CardId)
    }

    pub fn player_ids(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.players.len() as u8).map(PlayerId)
    }

    #[inline]
    pub fn in_game(&self, p: PlayerId) -> bool {
        self.players[p.0 as usize].in_game
    }

    /// Players in the game, in turn order starting with `from`.
    pub fn turn_order_from(&self, from: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        let n = self.players.len() as u8;
        (0..n)
            .map(move |i| PlayerId((from.0 + i) % n))
            .filter(|&p| self.in_game(p))
    }

    /// The seating as the variant reads it (see
    /// `battlecheck_properties::seating`).
    pub fn table(&self) -> Table {
        let n = self.players.len();
        Table {
            variant: self.setup().config.variant,
            seats: n as u8,
            in_game: Seats::of(n, |p| self.players[p].in_game),
            seated: Seats::of(n, |p| self.players[p].seated),
        }
    }

    pub fn on_battlefield(&self) -> impl Iterator<Item = CardId> + '_ {
        self.ids()
            .filter(|&id| self.obj(id).zone == Zone::Battlefield)
    }

    /// The object's current characteristics.
    pub fn chars(&self, id: CardId) -> Chars {
        let mut c = self.chars_unequipped(id);
        if c.creature {
            c.power = c.power.saturating_add(self.equipped_bonus(id));
        }
        c
    }

    /// Its characteristics before Equipment's effects (613.4c), which
    /// [`GameState::chars`] adds.
    pub(crate) fn chars_unequipped(&self, id: CardId) -> Chars {
        let o = self.obj(id);
        let setup = self.setup();
        let mut c = match o.copy_of {
            Some(orig) => setup.def(orig).front,
            None if o.back_face => setup.def(id).back,
            None => setup.def(id).front,
        };
        if o.animated {
            c.creature = true;
            c.power = 2;
            c.toughness = 2;
        }
        // 122.1a, 613.4c: +1/+1 counters.
        if c.creature {
            c.power = c.power.saturating_add(o.plus_one);
            c.toughness = c.toughness.saturating_add(o.plus_one);
        }
        c
    }

    /// The card the object copies, following copies of copies (707.2: the
    /// copiable values of a copy are those it copied).
    pub fn copy_root(&self, id: CardId) -> CardId {
        self.obj(id).copy_of.unwrap_or(id)
    }

    /// Is `card` the source of a defeat trigger that has triggered but not
    /// yet left the stack (310.7)?
    pub fn trigger_pending(&self, card: CardId) -> bool {
        self.waiting
            .iter()
            .any(|w| w.source == card && w.ability == Ability::Defeat)
            || self.stack.iter().any(|s| {
                matches!(s, StackItem::Trigger { source, ability: Ability::Defeat, .. } if *source == card)
            })
    }

    /// Is some creature attacking battle `card`?
    pub fn attacked(&self, card: CardId) -> bool {
        self.objs.iter().any(|o| {
            matches!(o.combat, Combat::Attacking { target: Some(AttackTarget::Battle(b)), .. } if b == card)
        })
    }

    /// How many sides are still in the game: players, or with Two-Headed
    /// Giant teams (104.2a: the game ends when one remains; 810.8a).
    pub fn sides_in_game(&self) -> usize {
        let variant = self.setup().config.variant;
        if !variant.two_headed_giant {
            return self.players.iter().filter(|p| p.in_game).count();
        }
        let teams: ArrayVec<[u8; MAX_PLAYERS]> = self
            .player_ids()
            .filter(|&p| self.in_game(p))
            .map(|p| variant.team(p))
            .collect();
        (0..teams.len())
            .filter(|&i| !teams[..i].contains(&teams[i]))
            .count()
    }

    /// Is the target still legal (608.2b)? A permanent must be the same
    /// object on the battlefield, a player in the game, a trigger on the stack.
    pub fn target_valid(&self, t: TargetRef) -> bool {
        match t.target {
            Target::Player(p) => self.in_game(p),
            Target::Permanent(c) => {
                let o = self.obj(c);
                o.zone == Zone::Battlefield && o.incarnation == t.incarnation
            }
            Target::Trigger(c) => self
                .stack
                .iter()
                .any(|s| matches!(s, StackItem::Trigger { source, .. } if *source == c)),
            Target::Card(c) => {
                let o = self.obj(c);
                o.zone == Zone::Graveyard && o.incarnation == t.incarnation
            }
        }
    }

    /// A reference to a target as it is now.
    pub fn target_ref(&self, target: Target) -> TargetRef {
        let incarnation = match target {
            Target::Permanent(c) => self.obj(c).incarnation,
            _ => 0,
        };
        TargetRef {
            target,
            incarnation,
        }
    }
}
