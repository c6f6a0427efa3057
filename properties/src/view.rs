//! What can be observed of a game: the [`GameView`] trait that the model's
//! state and the engine both implement, and [`Observation`], an owned,
//! serialisable snapshot that implements it too.
//!
//! Checks are written once, against [`GameView`], so the model is checked
//! without copying its state and the engine is checked by the same code.

use crate::decision::AttackTarget;
use crate::ids::{CardId, PlayerId};
use crate::seating::{Seats, Table, Variant};
use crate::step::StepBreak;
use serde::{Deserialize, Serialize};

/// Zones (rule 400.1). `Outside` is not a zone of the rules: a token not yet
/// created or that ceased to exist (111.7), or a card whose owner left the
/// game (800.4a).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Hand,
    Battlefield,
    Stack,
    Graveyard,
    Exile,
    Outside,
    /// A player's library (401): only the engine's real-card games have
    /// one; the model's games start with their cards in hand or play.
    Library,
}

/// The steps a bounded game goes through each turn (rule 500). Steps
/// without battle interaction (untap, upkeep, draw, second main, end) are not
/// modelled.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Main,
    DeclareAttackers,
    DeclareBlockers,
    FirstStrikeDamage,
    CombatDamage,
}

/// What the game waits for.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// A priority window: any player may act, or all pass (117).
    Priority,
    DeclareAttackers,
    DeclareBlockers,
    /// A blocked attacker's controller decides whether it assigns its
    /// combat damage as though it weren't blocked (Zilortha, C04).
    AssignAsUnblocked,
    AssignTrample,
    /// An attacker's controller divides its combat damage among its
    /// blockers (510.1c).
    DivideDamage,
    /// Protector choices as a battle enters (310.9a) or as a state-based
    /// action (704.5x–y): state-based actions are not yet complete.
    ChooseProtectors,
    /// A defeat trigger is resolving: its controller may cast the exiled card.
    CastTransformed,
    /// A triggered ability put on the stack needs its target chosen (603.3d).
    TargetTrigger,
    /// A modal triggered ability put on the stack needs its modes chosen
    /// (603.3c, 700.2).
    ChooseModes,
    /// A ward trigger is resolving: the player whose spell or ability it
    /// counters pays its cost or not (702.21a).
    PayUnless,
    /// Portal Mage's trigger is resolving: its controller may reselect what
    /// the target creature attacks (508.7).
    ReselectAttack,
    /// A resolving ability waits for a player to choose cards (608.2d):
    /// to discard, to sacrifice, to find in a search.
    ChooseCards,
    /// A player chooses which of their legendary permanents with the same
    /// name to keep (704.5j): state-based actions are not yet complete.
    KeepLegend,
    /// A resolving effect copies a spell and its controller chooses the
    /// copy's targets (707.10c).
    ChooseNewTargets,
    /// The bounded game has ended (turn bound reached, or one player left).
    GameOver,
}

impl Pending {
    /// True when state-based actions have been performed completely (704.3)
    /// and no resolution is half-way: the points at which the rules'
    /// invariants must hold.
    pub fn settled(self) -> bool {
        !matches!(
            self,
            Pending::ChooseProtectors
                | Pending::CastTransformed
                | Pending::ReselectAttack
                | Pending::ChooseCards
                | Pending::PayUnless
                | Pending::KeepLegend
                | Pending::ChooseNewTargets
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayerObs {
    pub life: i32,
    pub in_game: bool,
}

/// A creature's part in combat (506.4, 508, 509).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CombatObs {
    #[default]
    None,
    /// Attacking `target`, or nothing when what it attacked was removed from
    /// combat (506.4c).
    Attacking {
        target: Option<AttackTarget>,
        blocked: bool,
        /// The defending player relative to it (508.5): the player it
        /// attacks, or the protector (else the controller) of the battle,
        /// or the controller of the planeswalker, as it was when attacked.
        /// `None` from an engine that does not report it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        defender: Option<PlayerId>,
    },
    Blocking(CardId),
}

/// How a battle's current protector was chosen.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ProtectorOrigin {
    #[default]
    Entered,
    /// 704.5y after its controller changed.
    ControlChange,
    /// 704.5x after its protector left the game.
    ProtectorLeft,
}

/// History of an object that the rules' invariants are stated over (ghost
/// state: it does not influence the game). Counts saturate at 3. Fields
/// left out of a written history are 0 or false.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(default)]
pub struct History {
    /// Times the last defense counter was removed while it was a Siege.
    pub defeats: u8,
    /// Defeat triggers (310.12b) that triggered with it as the source.
    pub triggers: u8,
    /// Defeat triggers that exiled it.
    pub trigger_exiles: u8,
    /// Defeat triggers that ended without doing anything: it had left the
    /// battlefield (400.7), or the trigger's controller left the game
    /// (800.4a, 800.4d).
    pub trigger_fizzles: u8,
    /// Defeat triggers that were countered.
    pub triggers_countered: u8,
    /// Times it was cast transformed.
    pub transformed_casts: u8,
    /// Times its owner cast it from exile because an effect let them
    /// (Invasion of Gobakhan: "its owner may play it", 601.3); casts
    /// transformed by a defeat trigger are not counted here.
    pub exile_casts: u8,
    /// Its last defeat was by combat damage.
    pub combat_defeat: bool,
    /// A trampling attacker assigned damage beyond its blockers to it.
    pub trampled: bool,
    /// A blocked attacker assigned its combat damage to it as though it
    /// weren't blocked (Zilortha, Apex of Ikoria; checklist C04). Optional
    /// on the wire (absent means false).
    pub hit_as_unblocked: bool,
    /// It has been a copy of a Siege on the battlefield.
    pub was_siege_copy: bool,
}

/// One object (card or token) as observed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ObjectObs {
    pub id: CardId,
    pub owner: PlayerId,
    pub token: bool,
    /// The card is a nonmodal double-faced card (712.1).
    pub dfc: bool,
    pub zone: Zone,
    /// Controller on the battlefield or stack; the owner elsewhere.
    pub controller: PlayerId,
    /// Back face up (712.8c, 712.14a).
    pub back_face: bool,
    pub battle: bool,
    pub siege: bool,
    pub creature: bool,
    /// Its back face (if any) is a sorcery.
    pub sorcery_back: bool,
    /// Currently a copy of a Siege (707.2, 707.5).
    pub siege_copy: bool,
    /// Defense counters (310.4c).
    pub defense: u32,
    /// Loyalty counters (306.5c): a planeswalker on the battlefield; 0 for
    /// anything else. Optional on the wire (absent means 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub loyalty: u32,
    /// Printed defense of its current face, or of the battle it copies (310.4a).
    pub printed_defense: u32,
    pub protector: Option<PlayerId>,
    pub protector_origin: ProtectorOrigin,
    pub tapped: bool,
    /// Damage marked on it (120.3e, removed in the cleanup step, 514.2): a
    /// creature on the battlefield; 0 for anything else.
    pub damage: u32,
    /// Summoning sick (302.6): a creature on the battlefield that has not
    /// been under its controller's control continuously since their most
    /// recent turn began; false for anything else.
    pub sick: bool,
    /// It has flash (702.8a): as a spell it may be cast any time its
    /// controller could cast an instant.
    pub flash: bool,
    /// A card in exile that its owner may play for as long as it stays
    /// there (Invasion of Gobakhan, C02; 601.3). False anywhere else: the
    /// permission ends when the card leaves exile (400.7). Optional on the
    /// wire (absent means false).
    #[serde(default)]
    pub playable_from_exile: bool,
    /// Its power and toughness (208.1, 613.4): a creature on the
    /// battlefield; 0 for anything else.
    pub power: i32,
    pub toughness: i32,
    pub combat: CombatObs,
    pub attached_to: Option<CardId>,
    pub history: History,
}

/// An object on the stack, bottom first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum StackObs {
    Spell {
        card: CardId,
        controller: PlayerId,
        transformed: bool,
    },
    /// A Siege's defeat trigger (310.12b).
    DefeatTrigger {
        source: CardId,
        controller: PlayerId,
    },
    /// A triggered ability other than a defeat trigger (Portal Mage's
    /// enters trigger, 603.2).
    TriggeredAbility {
        source: CardId,
        controller: PlayerId,
    },
    /// An activated ability (equip, 702.6a).
    Ability {
        source: CardId,
        controller: PlayerId,
    },
}

/// Read access to a game, enough to evaluate every property.
pub trait GameView {
    fn turn(&self) -> u32;
    fn active(&self) -> PlayerId;
    fn step(&self) -> Step;
    fn pending(&self) -> Pending;
    fn player_count(&self) -> usize;
    fn player(&self, p: PlayerId) -> PlayerObs;
    fn object_count(&self) -> usize;
    fn object(&self, id: CardId) -> ObjectObs;
    fn stack_len(&self) -> usize;
    fn stack_item(&self, index: usize) -> StackObs;
    /// Sources of defeat triggers that have triggered but are not yet on the
    /// stack (603.3).
    fn waiting_trigger_count(&self) -> usize;
    fn waiting_trigger(&self, index: usize) -> CardId;
    /// The first step rule ([`crate::step`]) a decision of this game has
    /// broken so far, if any: once broken it stays reported. A game that
    /// keeps no record of what its decisions did reports none.
    fn step_broken(&self) -> Option<StepBreak>;
    /// The seating as the multiplayer options read it (801–803).
    fn table(&self) -> Table;
}

/// Iterators and derived facts over any [`GameView`].
pub trait GameViewExt: GameView {
    fn objects(&self) -> impl Iterator<Item = ObjectObs> + '_ {
        (0..self.object_count()).map(|i| self.object(CardId(i as u8)))
    }
    fn players(&self) -> impl Iterator<Item = (PlayerId, PlayerObs)> + '_ {
        (0..self.player_count()).map(|i| (PlayerId(i as u8), self.player(PlayerId(i as u8))))
    }
    fn stack(&self) -> impl Iterator<Item = StackObs> + '_ {
        (0..self.stack_len()).map(|i| self.stack_item(i))
    }
    fn in_game(&self, p: PlayerId) -> bool {
        (p.0 as usize) < self.player_count() && self.player(p).in_game
    }
    /// Is `card` the source of a defeat trigger that has triggered but not yet
    /// left the stack (310.7)?
    fn trigger_pending(&self, card: CardId) -> bool {
        (0..self.waiting_trigger_count()).any(|i| self.waiting_trigger(i) == card)
            || self
                .stack()
                .any(|s| matches!(s, StackObs::DefeatTrigger { source, .. } if source == card))
    }
    /// Is some creature attacking battle `card`?
    fn attacked(&self, card: CardId) -> bool {
        self.objects().any(|o| {
            matches!(o.combat, CombatObs::Attacking { target: Some(AttackTarget::Battle(b)), .. } if b == card)
        })
    }
    /// May `p` be the protector of battle `o` (310.9a, 310.12a: a Siege's
    /// protector is an opponent of its controller, 102.3: with Two-Headed
    /// Giant a player of the other team)?
    fn may_protect(&self, o: &ObjectObs, p: PlayerId) -> bool {
        if !self.in_game(p) {
            return false;
        }
        if o.siege {
            self.table().variant.opponents(o.controller, p)
        } else {
            p == o.controller
        }
    }
}

impl<T: GameView + ?Sized> GameViewExt for T {}

/// An owned snapshot of a game, as the engine reports it and as scenario
/// files store it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Observation {
    pub turn: u32,
    pub active: PlayerId,
    pub step: Step,
    pub pending: Pending,
    pub players: Vec<PlayerObs>,
    pub objects: Vec<ObjectObs>,
    pub stack: Vec<StackObs>,
    pub waiting_triggers: Vec<CardId>,
}

impl Observation {
    /// Snapshot any view.
    pub fn of(v: &(impl GameView + ?Sized)) -> Self {
        Observation {
            turn: v.turn(),
            active: v.active(),
            step: v.step(),
            pending: v.pending(),
            players: v.players().map(|(_, p)| p).collect(),
            objects: v.objects().collect(),
            stack: v.stack().collect(),
            waiting_triggers: (0..v.waiting_trigger_count())
                .map(|i| v.waiting_trigger(i))
                .collect(),
        }
    }
}

impl Observation {
    /// Take the defending players (508.5) of the attackers as `told`
    /// reports them, for an engine that does not tell them: they are then
    /// not compared. Whether any was replaced.
    pub fn defenders_as_told(&mut self, told: &Observation) -> bool {
        let mut replaced = false;
        for (w, t) in self.objects.iter_mut().zip(&told.objects) {
            if let (
                CombatObs::Attacking { defender, .. },
                CombatObs::Attacking { defender: d, .. },
            ) = (&mut w.combat, &t.combat)
            {
                replaced |= defender != d;
                *defender = *d;
            }
        }
        replaced
    }

    /// Whether the observation can be read as a game: each object listed
    /// under its own id, and every player and card it names present in it.
    /// (An observation from another process is checked before anything
    /// reads it.) The first problem, with its field.
    pub fn check_references(&self) -> Result<(), String> {
        let players = self.players.len();
        let objects = self.objects.len();
        let player = |p: PlayerId, at: &str| {
            if (p.0 as usize) < players {
                Ok(())
            } else {
                Err(format!(
                    "{at} names player {}, but there are {players} players",
                    p.0
                ))
            }
        };
        let card = |c: CardId, at: &str| {
            if (c.0 as usize) < objects {
                Ok(())
            } else {
                Err(format!(
                    "{at} names card {}, but there are {objects} objects",
                    c.0
                ))
            }
        };
        let target = |t: AttackTarget, at: &str| match t {
            AttackTarget::Player(p) => player(p, at),
            AttackTarget::Battle(c) | AttackTarget::Planeswalker(c) => card(c, at),
        };
        if players == 0 {
            return Err("players is empty".into());
        }
        player(self.active, "active")?;
        for (i, o) in self.objects.iter().enumerate() {
            let at = format!("objects[{i}]");
            if o.id.0 as usize != i {
                return Err(format!(
                    "{at}.id is {}: objects are listed by id, from 0",
                    o.id.0
                ));
            }
            player(o.owner, &format!("{at}.owner"))?;
            player(o.controller, &format!("{at}.controller"))?;
            if let Some(p) = o.protector {
                player(p, &format!("{at}.protector"))?;
            }
            if let Some(c) = o.attached_to {
                card(c, &format!("{at}.attached_to"))?;
            }
            match o.combat {
                CombatObs::None => {}
                CombatObs::Attacking { target: t, .. } => {
                    if let Some(t) = t {
                        target(t, &format!("{at}.combat"))?;
                    }
                }
                CombatObs::Blocking(c) => card(c, &format!("{at}.combat"))?,
            }
        }
        for (i, x) in self.stack.iter().enumerate() {
            let at = format!("stack[{i}]");
            match *x {
                StackObs::Spell {
                    card: c,
                    controller,
                    ..
                } => {
                    card(c, &at)?;
                    player(controller, &at)?;
                }
                StackObs::DefeatTrigger { source, controller }
                | StackObs::TriggeredAbility { source, controller }
                | StackObs::Ability { source, controller } => {
                    card(source, &at)?;
                    player(controller, &at)?;
                }
            }
        }
        for (i, c) in self.waiting_triggers.iter().enumerate() {
            card(*c, &format!("waiting_triggers[{i}]"))?;
        }
        Ok(())
    }
}

impl GameView for Observation {
    fn turn(&self) -> u32 {
        self.turn
    }
    fn active(&self) -> PlayerId {
        self.active
    }
    fn step(&self) -> Step {
        self.step
    }
    fn pending(&self) -> Pending {
        self.pending
    }
    fn player_count(&self) -> usize {
        self.players.len()
    }
    fn player(&self, p: PlayerId) -> PlayerObs {
        self.players[p.0 as usize]
    }
    fn object_count(&self) -> usize {
        self.objects.len()
    }
    fn object(&self, id: CardId) -> ObjectObs {
        self.objects[id.0 as usize]
    }
    fn stack_len(&self) -> usize {
        self.stack.len()
    }
    fn stack_item(&self, index: usize) -> StackObs {
        self.stack[index]
    }
    fn waiting_trigger_count(&self) -> usize {
        self.waiting_triggers.len()
    }
    fn waiting_trigger(&self, index: usize) -> CardId {
        self.waiting_triggers[index]
    }
    /// An observation is where a game stands, not what its decisions did:
    /// an engine's record of those is judged from its events by `conform`.
    fn step_broken(&self) -> Option<StepBreak> {
        None
    }
    /// An observation does not say which multiplayer options the game
    /// plays nor who was in the game as the turn began: it reads as a
    /// free-for-all game seated as it is now.
    fn table(&self) -> Table {
        let in_game = Seated::in_game(self);
        Table {
            variant: Variant::default(),
            seats: self.players.len() as u8,
            in_game,
            seated: in_game,
        }
    }
}

/// An observation with the seating it cannot tell by itself: the game's
/// multiplayer options, and who was in the game as the turn began (which
/// whoever drives the game keeps from the observations at each turn's
/// start, 801.2c). How scenario runs judge the catalogue on any engine.
pub struct Seated<'a> {
    pub observation: &'a Observation,
    pub variant: Variant,
    pub seated: Seats,
}

impl Seated<'_> {
    /// The seats in the game in `o`: who was seated as its turn began when
    /// `o` is the first observation of a turn.
    pub fn in_game(o: &Observation) -> Seats {
        Seats::of(o.players.len(), |p| o.players[p].in_game)
    }
}

impl GameView for Seated<'_> {
    fn turn(&self) -> u32 {
        self.observation.turn()
    }
    fn active(&self) -> PlayerId {
        self.observation.active()
    }
    fn step(&self) -> Step {
        self.observation.step()
    }
    fn pending(&self) -> Pending {
        self.observation.pending()
    }
    fn player_count(&self) -> usize {
        self.observation.player_count()
    }
    fn player(&self, p: PlayerId) -> PlayerObs {
        self.observation.player(p)
    }
    fn object_count(&self) -> usize {
        self.observation.object_count()
    }
    fn object(&self, id: CardId) -> ObjectObs {
        self.observation.object(id)
    }
    fn stack_len(&self) -> usize {
        self.observation.stack_len()
    }
    fn stack_item(&self, index: usize) -> StackObs {
        self.observation.stack_item(index)
    }
    fn waiting_trigger_count(&self) -> usize {
        self.observation.waiting_trigger_count()
    }
    fn waiting_trigger(&self, index: usize) -> CardId {
        self.observation.waiting_trigger(index)
    }
    fn step_broken(&self) -> Option<StepBreak> {
        self.observation.step_broken()
    }
    fn table(&self) -> Table {
        Table {
            variant: self.variant,
            seats: self.observation.players.len() as u8,
            in_game: Seated::in_game(self.observation),
            seated: self.seated,
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
