//! The game state: players, objects and their zones, the stack, the turn,
//! and what the game waits for. Rules live in the modules named after their
//! rule area; this module holds the data and the characteristics of objects
//! (613: copy effects in layer 1, type and power/toughness changes in layers
//! 4 and 7b).

use crate::cards::card::{Card, CardType, Face, Keyword, TriggerEffect};
use crate::fault::EngineFault;
use crate::state::event::Event;
use battlecheck_properties::seating::{AttackOption, Seats, Table, Variant};
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::view::{CombatObs, History, ProtectorOrigin};
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target, Zone};
use std::sync::Arc;

/// `Clone` field by field, with a `clone_from` that copies each field into
/// the target's own (a `Vec` keeps its allocation; shared data already
/// shared is left alone): judging candidate decisions copies one game into
/// the same recycled game again and again (see [`Game::accepts`]). The
/// destructuring is exhaustive, so a field left out of the lists does not
/// compile.
macro_rules! clone_by_field {
    ($ty:ident { $($field:ident),* $(,)? } $(shared { $($shared:ident),* $(,)? })?) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                let $ty { $($field,)* $($($shared),*)? } = self;
                $ty { $($field: $field.clone(),)* $($($shared: $shared.clone()),*)? }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field,)* $($($shared),*)? } = source;
                $(self.$field.clone_from($field);)*
                $($(self.$shared.share($shared);)*)?
            }
        }
    };
}

/// Data shared between copies of a game (card data, copiable values):
/// copying it into a copy that already shares it costs nothing.
trait Share {
    fn share(&mut self, from: &Self);
}

impl<T> Share for Arc<T> {
    fn share(&mut self, from: &Self) {
        if !Arc::ptr_eq(self, from) {
            *self = Arc::clone(from);
        }
    }
}

impl<T> Share for Option<Arc<T>> {
    fn share(&mut self, from: &Self) {
        match (self.as_mut(), from) {
            (Some(to), Some(from)) => to.share(from),
            _ => self.clone_from(from),
        }
    }
}

/// A player (102).
#[derive(Debug, PartialEq, Eq)]
pub struct Player {
    pub life: i32,
    /// False once the player has left the game (104.3a, 704.5a, 800.4a).
    pub in_game: bool,
    /// In the game as the current turn began: whose seats count for ranges
    /// of influence this turn (801.2c).
    pub seated: bool,
    /// Their library, bottom first (401; see [`crate::rules::library`]).
    pub library: Vec<CardId>,
    /// They were told to draw from an empty library since the last
    /// state-based action check (121.4, 704.5b).
    pub drew_from_empty: bool,
    /// Their mana pool (106.4), in `Mana::ALL` order.
    pub pool: crate::cards::mana_cost::Pool,
    /// Lands they played this turn (305.2).
    pub lands_played: u8,
    /// They were dealt combat damage since their last turn ended (or the
    /// game began): "if you haven't been dealt combat damage since your
    /// last turn".
    pub combat_damaged: bool,
}

clone_by_field!(Player {
    life,
    in_game,
    seated,
    library,
    drew_from_empty,
    pool,
    lands_played,
    combat_damaged,
});

/// The steps of a turn (500.1). Steps in which no player receives priority
/// (untap, cleanup) are passed through at once.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TurnStep {
    Upkeep,
    Draw,
    Main1,
    BeginCombat,
    DeclareAttackers,
    DeclareBlockers,
    FirstStrikeDamage,
    CombatDamage,
    EndCombat,
    Main2,
    End,
}

impl TurnStep {
    /// A step in which creatures may be attacking: from the declaration of
    /// attackers (508.1) until they are removed from combat as the end of
    /// combat step ends (511.3).
    pub fn has_attackers(self) -> bool {
        (TurnStep::DeclareAttackers..=TurnStep::EndCombat).contains(&self)
    }
}

/// Which object an attack or block was made against, as it was then: a
/// change of identity (400.7), controller or protector removes it from
/// combat (506.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub incarnation: u32,
    pub controller: PlayerId,
    pub protector: Option<PlayerId>,
}

/// A permanent's part in combat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Combat {
    #[default]
    None,
    Attacking {
        /// What it attacks; `None` once that was removed from combat (506.4c).
        target: Option<AttackTarget>,
        /// The attacked battle or planeswalker as it was when attacked.
        battle: Option<Snapshot>,
        blocked: bool,
        /// Its blockers, in declaration order.
        blockers: Vec<CardId>,
        /// It dealt combat damage in the first-strike step (702.7b).
        struck_first: bool,
        me: Snapshot,
    },
    Blocking {
        attacker: CardId,
        struck_first: bool,
        me: Snapshot,
    },
}

impl Combat {
    /// The defending player relative to an attacking creature (508.5): the
    /// player it attacks, or the protector of the battle (its controller
    /// while it has none) or the controller of the planeswalker it attacks,
    /// as they were when it was attacked (also after it was removed from
    /// combat, 506.4c).
    pub fn defender(&self) -> Option<PlayerId> {
        match self {
            Combat::Attacking {
                target: Some(AttackTarget::Player(p)),
                ..
            } => Some(*p),
            Combat::Attacking { battle, .. } => battle.map(|s| s.protector.unwrap_or(s.controller)),
            _ => None,
        }
    }
}

/// A card or token of the game.
#[derive(Debug)]
pub struct Object {
    pub id: CardId,
    /// The card; for a token, the card its copiable values come from.
    pub card: Arc<Card>,
    pub owner: PlayerId,
    pub token: bool,
    pub zone: Zone,
    /// Controller on the battlefield or the stack (108.4).
    pub controller: PlayerId,
    /// The player who put it onto the battlefield or cast it: its controller
    /// when no control-changing effect applies.
    pub base_controller: PlayerId,
    /// Players given control by control-changing effects, oldest first.
    pub control_effects: Vec<PlayerId>,
    /// Bumped at every zone change: a new object (400.7).
    pub incarnation: u32,
    /// Back face up (712.8c, 712.14a).
    pub back_face: bool,
    /// Copiable values of the object it is a copy of (707.2, layer 1).
    pub copy: Option<Arc<Face>>,
    /// Set by "becomes a P/T creature in addition to its types" (layers 4, 7b).
    pub animated: Option<(i8, i8)>,
    /// A Vehicle crewed this turn: an artifact creature until end of turn
    /// (702.122a, layer 4).
    pub crewed: bool,
    /// A copy of a spell (707.10): not a card; it ceases to exist outside
    /// the stack (707.10a), or becomes a token as it resolves if it is a
    /// permanent spell (707.10f).
    pub spell_copy: bool,
    /// Defense counters (310.4c).
    pub defense: u32,
    /// Loyalty counters (306.5c, 122.1e).
    pub loyalty: u32,
    /// A loyalty ability of it was activated this turn (606.3).
    pub loyalty_activated: bool,
    /// +1/+1 counters (122.1a).
    pub plus_one: u32,
    /// Stun counters (122.1d).
    pub stun: u8,
    /// What "gets +P/+T until end of turn" effects add (layer 7c), until
    /// the cleanup step (514.2).
    pub until_end_of_turn: (i8, i8),
    /// Damage marked on it (120.3e).
    pub damage: u32,
    /// The value of X announced as it was cast (107.3a), while it is a
    /// spell, and as it entered from the stack, for its enters triggers
    /// (107.3m); 0 otherwise.
    pub x: u8,
    pub tapped: bool,
    /// Not under its controller's control continuously since their most
    /// recent turn began (302.6).
    pub sick: bool,
    pub protector: Option<PlayerId>,
    pub protector_origin: ProtectorOrigin,
    pub combat: Combat,
    pub attached_to: Option<CardId>,
    /// The incarnation of what it is attached to, when attached (400.7).
    pub attached_incarnation: u32,
    pub history: History,
}

clone_by_field!(Object {
    id,
    owner,
    token,
    zone,
    controller,
    base_controller,
    control_effects,
    incarnation,
    back_face,
    animated,
    crewed,
    spell_copy,
    defense,
    loyalty,
    loyalty_activated,
    plus_one,
    stun,
    until_end_of_turn,
    damage,
    x,
    tapped,
    sick,
    protector,
    protector_origin,
    combat,
    attached_to,
    attached_incarnation,
    history,
} shared { card, copy });

impl Object {
    /// A new object with no history: untapped, no counters, damage or
    /// effects, controlled by its owner, summoning sick (302.6).
    pub fn new(id: CardId, card: Arc<Card>, owner: PlayerId, token: bool, zone: Zone) -> Object {
        Object {
            id,
            card,
            owner,
            token,
            zone,
            controller: owner,
            base_controller: owner,
            control_effects: Vec::new(),
            incarnation: 0,
            back_face: false,
            copy: None,
            animated: None,
            crewed: false,
            spell_copy: false,
            defense: 0,
            loyalty: 0,
            loyalty_activated: false,
            plus_one: 0,
            stun: 0,
            until_end_of_turn: (0, 0),
            damage: 0,
            x: 0,
            tapped: false,
            sick: true,
            protector: None,
            protector_origin: ProtectorOrigin::Entered,
            combat: Combat::None,
            attached_to: None,
            attached_incarnation: 0,
            history: History::default(),
        }
    }

    /// The characteristics it has now (613): the copied values if it is a
    /// copy, else its face that is up.
    pub fn face(&self) -> &Face {
        match &self.copy {
            Some(f) => f,
            None => self.card.face(self.back_face),
        }
    }
    pub fn is(&self, t: CardType) -> bool {
        t == CardType::Creature && (self.animated.is_some() || self.crewed)
            || self.face().is(t)
            || t == CardType::Land
                && self.on_battlefield()
                && self
                    .face()
                    .statics
                    .contains(&crate::cards::static_ability::StaticAbility::ALandToo)
    }
    pub fn is_battle(&self) -> bool {
        self.is(CardType::Battle)
    }
    /// Its face up says "this enters tapped" (614.1c).
    pub fn enters_tapped(&self) -> bool {
        self.face()
            .statics
            .contains(&crate::cards::static_ability::StaticAbility::EntersTapped)
    }
    pub fn is_creature(&self) -> bool {
        self.is(CardType::Creature)
    }
    pub fn is_siege(&self) -> bool {
        self.face().is_siege()
    }
    pub fn has(&self, k: Keyword) -> bool {
        self.face().has(k)
    }
    /// Power and toughness from its face or copy effect (layer 1) and
    /// "becomes a P/T creature" (layer 7b); [`Game::power_toughness`] adds
    /// the later layers.
    /// It untaps (502.3, 701.26b), unless it has a stun counter: one is
    /// removed instead (122.1d; `stun` false ignores that rule).
    pub(crate) fn untap(&mut self, stun: bool) {
        if self.tapped && self.stun > 0 && stun {
            self.stun -= 1;
        } else {
            self.tapped = false;
        }
    }

    pub fn base_power_toughness(&self) -> (i8, i8) {
        match self.animated {
            Some(pt) => pt,
            None => {
                let f = self.face();
                (f.power.unwrap_or(0), f.toughness.unwrap_or(0))
            }
        }
    }
    /// Printed defense of its current face or of the battle it copies (310.4a).
    pub fn printed_defense(&self) -> u32 {
        self.face().defense.unwrap_or(0).into()
    }
    pub fn on_battlefield(&self) -> bool {
        self.zone == Zone::Battlefield
    }
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            incarnation: self.incarnation,
            controller: self.controller,
            protector: self.protector,
        }
    }
    pub fn combat_obs(&self) -> CombatObs {
        match &self.combat {
            Combat::None => CombatObs::None,
            Combat::Attacking {
                target, blocked, ..
            } => CombatObs::Attacking {
                target: *target,
                blocked: *blocked,
                defender: self.combat.defender(),
            },
            Combat::Blocking { attacker, .. } => CombatObs::Blocking(*attacker),
        }
    }
}

/// A spell or ability on the stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StackItem {
    Spell {
        card: CardId,
        controller: PlayerId,
        /// Cast transformed: back face up (712.11a).
        transformed: bool,
        /// Targets with the incarnation of each permanent when targeted
        /// (608.2b: a permanent that changed zones is no longer a legal
        /// target).
        targets: Vec<(Target, u32)>,
    },
    /// A Siege's defeat trigger (310.12b).
    DefeatTrigger(Trigger),
    /// A triggered ability printed on its source (603.1; its effect is in
    /// `trigger.ability`), with the targets chosen as it was put on the
    /// stack (603.3d).
    TriggeredAbility {
        trigger: Trigger,
        targets: Vec<Chosen>,
        /// The group of targets (instance of the word "target", 115.3)
        /// being chosen, or `None` once all are (603.3d).
        choosing: Option<u8>,
        /// Tells it apart from the other abilities on the stack (see
        /// `Game::next_ability_key`).
        key: u8,
    },
    /// An activated ability (602) and its target with the target's
    /// incarnation when targeted.
    Ability {
        source: CardId,
        controller: PlayerId,
        effect: crate::cards::card::TriggerEffect,
        target: Option<(Target, u32)>,
        /// Tells it apart from the other abilities on the stack (see
        /// `Game::next_ability_key`).
        key: u8,
    },
    /// An equip ability (702.6a) and its target creature with the
    /// creature's incarnation when targeted.
    Equip {
        source: CardId,
        controller: PlayerId,
        creature: CardId,
        incarnation: u32,
    },
}

/// A target chosen for a triggered ability: for its `group`-th instance
/// of the word "target" (115.3), with the incarnation of the permanent or
/// card when targeted (608.2b: one that changed zones is a new object,
/// 400.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub group: u8,
    pub target: Target,
    pub incarnation: u32,
}

/// A triggered ability and the object that was its source when it
/// triggered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trigger {
    pub source: CardId,
    pub incarnation: u32,
    pub controller: PlayerId,
    pub ability: Ability,
    /// The object its trigger event was about, which its text calls "that
    /// creature" (the equipped creature that attacked), if any.
    pub subject: Option<CardId>,
    /// The X its text refers to: for an enters trigger, the X of the spell
    /// that became its source (107.3m); 0 otherwise.
    pub x: u8,
}

impl Trigger {
    /// Its groups of targets, chosen as it is put on the stack (603.3d).
    pub fn target_groups(&self) -> &[crate::cards::card::TargetGroup] {
        match &self.ability {
            Ability::Printed(e) => e.targets(),
            Ability::Defeat | Ability::Ward { .. } => &[],
        }
    }

    /// The group chosen first, if it has targets.
    pub fn first_group(&self) -> Option<u8> {
        (!self.target_groups().is_empty()).then_some(0)
    }
}

/// Which triggered ability a [`Trigger`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ability {
    /// A Siege's defeat trigger (310.12b).
    Defeat,
    /// A triggered ability printed on the source (603.1).
    Printed(TriggerEffect),
    /// Ward's trigger (702.21a): counter `what` unless its controller
    /// pays `cost`.
    Ward {
        cost: crate::cards::ability::WardCost,
        what: crate::state::resolving::Warded,
    },
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// `Game::priority` may act or pass.
    Priority,
    /// The active player declares attackers (508.1).
    DeclareAttackers,
    /// These defending players, in APNAP order, still declare blockers (802.4).
    DeclareBlockers(Vec<PlayerId>),
    /// These blocked attackers' controllers, who control Zilortha, still
    /// decide whether each assigns its combat damage as though it weren't
    /// blocked (C04), in card order.
    AssignAsUnblocked(Vec<CardId>),
    /// These attackers' controllers still divide trample damage (702.19b).
    AssignTrample(Vec<CardId>),
    /// These attackers' controllers still divide their combat damage among
    /// their blockers (510.1c).
    DivideDamage(Vec<CardId>),
    /// Protector choices still to be made (310.9a, 704.5x–y).
    ChooseProtectors,
    /// The controller of a resolving defeat trigger may cast the card
    /// transformed (310.12b).
    CastTransformed {
        player: PlayerId,
        card: CardId,
    },
    /// A resolving card that may enter as a copy of a battle: its controller
    /// chooses which battle (707.5, 614.1c).
    ChooseCopy {
        player: PlayerId,
        card: CardId,
    },
    /// A ward trigger of `source` is resolving: `player` pays its cost or
    /// the spell or ability they control is countered (702.21a).
    PayUnless {
        player: PlayerId,
        source: CardId,
    },
    /// The modal triggered ability of `source` was put on the stack: its
    /// controller `player` chooses its modes (603.3c).
    ChooseModes {
        player: PlayerId,
        source: CardId,
    },
    /// The triggered ability of `source` was put on the stack: its
    /// controller `player` chooses its target (603.3d).
    TargetTrigger {
        player: PlayerId,
        source: CardId,
    },
    /// A resolving reselect trigger: `player` may reselect what `attacker`
    /// attacks (508.7).
    ReselectAttack {
        player: PlayerId,
        attacker: CardId,
    },
    /// A resolving ability of `source` waits for `player` to choose cards
    /// (608.2d; see [`Game::resolution`]).
    ChooseCards {
        player: PlayerId,
        source: CardId,
    },
    /// `player` controls two or more legendary permanents with the same
    /// name and chooses the one they keep (704.5j).
    KeepLegend {
        player: PlayerId,
    },
    /// A resolving effect copies `spell` and `player`, its controller,
    /// chooses the copy's targets (707.10c); or, with `cast`, `player`
    /// casts `spell` without paying its mana cost and chooses its targets
    /// (601.2c, 608.2g; [`crate::abilities::free_cast`]).
    ChooseNewTargets {
        player: PlayerId,
        spell: CardId,
        cast: Option<crate::state::resolving::FreeCast>,
    },
    GameOver,
}

/// A permanent entering the battlefield as a spell resolves, while its
/// controller chooses its protector (310.9a, 310.12a: the choice is made as
/// it enters). The spell is still resolving, so still on the stack (608.3);
/// the permanent enters once the protector is chosen.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The resolving spell (on top of the stack).
    pub spell: CardId,
    /// What enters: the spell's card, or the token it makes.
    pub entering: CardId,
    pub controller: PlayerId,
    pub transformed: bool,
    /// The copiable values it enters with, if it enters as a copy (707.5).
    pub copy: Option<Arc<crate::cards::card::Face>>,
    /// For a token: the card its copiable values come from.
    pub token_card: Option<Arc<Card>>,
    /// The players who may be chosen.
    pub options: Vec<PlayerId>,
    pub protector: Option<PlayerId>,
}

/// A protector choice the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProtectorChoice {
    pub battle: CardId,
    pub chooser: PlayerId,
    pub origin: ProtectorOrigin,
}

/// The whole game.
#[derive(Debug)]
pub struct Game {
    pub players: Vec<Player>,
    /// Cards in setup order, then tokens (see [`CardId`]).
    pub objects: Vec<Object>,
    /// Bottom first.
    pub stack: Vec<StackItem>,
    /// Triggered abilities that triggered and are not yet on the stack
    /// (603.3).
    pub waiting_triggers: Vec<Trigger>,
    pub turn: u32,
    pub active: PlayerId,
    pub step: TurnStep,
    pub waiting: Waiting,
    pub priority: PlayerId,
    /// Players who passed in succession (117.4).
    pub passes: usize,
    /// State-based actions and triggers were last checked (117.5) and none
    /// applied, and nothing has happened since but passes that gave the
    /// next player priority (see [`Game::pass`]): a pass changes who holds
    /// priority, which no state-based action (704.5) or trigger reads, so a
    /// check before the next player receives priority would find nothing.
    /// Set only by the check itself; cleared as any other action begins
    /// (and kept if the action is refused before it changes anything) and
    /// as the last pass of a round resolves the top of the stack or ends
    /// the step.
    pub(crate) settled: bool,
    pub protector_choices: Vec<ProtectorChoice>,
    /// Blocked attackers that assign their combat damage this step as
    /// though they weren't blocked (Zilortha, C04).
    pub as_unblocked: Vec<CardId>,
    /// Trample damage assigned to what the attacker attacks (702.19b).
    pub trample: Vec<(CardId, u32)>,
    /// Combat damage assigned to each blocker of an attacker whose damage
    /// was divided among two or more blockers (510.1c).
    pub division: Vec<(CardId, u32)>,
    /// The declaration a protector choice interrupted (see `leave`).
    pub resume: Option<Waiting>,
    /// Some creature was declared as an attacker this combat (508.8).
    pub attackers_declared: bool,
    /// For each token-making card, the id of its token.
    pub token_of: Vec<(CardId, CardId)>,
    /// Events of the action being performed.
    pub(crate) events: Vec<Event>,
    /// Whether events are recorded: not while a decision is only judged
    /// ([`Game::accepts`]), where nobody reads them.
    pub(crate) recording: bool,
    /// The first rule of what one decision may do that a decision of this
    /// game broke (`battlecheck_properties::step`), judged on its events.
    pub step_broken: Option<StepBreak>,
    /// A battle entering while its protector is chosen.
    pub entry: Option<Entry>,
    /// The multiplayer options (801–803); free-for-all attacking every
    /// opponent by default.
    pub variant: Variant,
    /// A permanent was put into a graveyard from the battlefield this turn.
    pub to_graveyard_this_turn: bool,
    /// A spell said "Prevent all combat damage that would be dealt this
    /// turn" (Fog, 615.1a): until the cleanup step (514.2), see
    /// [`crate::rules::prevention`].
    pub combat_damage_prevented: bool,
    /// Creatures dealt damage by a source with deathtouch since state-based
    /// actions were last checked (704.5h), as long as they stay the same
    /// objects (400.7).
    pub deathtouched: Vec<CardId>,
    /// Creatures that attacked this turn (508.1: declared as attackers),
    /// as long as they stay the same objects (400.7).
    pub attacked_this_turn: Vec<CardId>,
    /// Keywords permanents gained until end of turn (611.2a, layer 6):
    /// they end in the cleanup step (514.2), or as the permanent leaves
    /// (400.7). Kept here rather than on each object, which stays small.
    pub gained_until_end_of_turn: Vec<(CardId, Keyword)>,
    /// Permanents that lost all abilities until end of turn (613.1f, layer
    /// 6; see [`Game::has_abilities`]); it ends like
    /// `gained_until_end_of_turn`.
    pub lost_abilities: Vec<CardId>,
    /// Cards in exile that their owner may play (see
    /// [`crate::abilities::exile_play`]).
    pub playable_from_exile: Vec<crate::state::lasting::ExilePermission>,
    /// The emblems in the command zone (114.1).
    pub emblems: Vec<crate::state::lasting::Emblem>,
    /// Costs are paid with mana (see [`crate::abilities::mana`]); without, spells cost
    /// nothing, as in the model.
    pub pays_mana: bool,
    /// The cost and the countered spell or ability of the ward trigger
    /// waiting for [`Waiting::PayUnless`].
    pub ward: Option<(
        crate::cards::ability::WardCost,
        crate::state::resolving::Warded,
    )>,
    /// The ability resolving while a player chooses cards for it (608.2d).
    pub resolution: Option<Box<crate::state::resolving::Resolution>>,
    /// The state of the seeded random source of shuffles (701.24a).
    pub shuffle_state: u64,
    /// Injected bugs (tests only; empty in a correct game).
    pub faults: Vec<crate::fault::EngineFault>,
}

clone_by_field!(Game {
    players,
    objects,
    stack,
    waiting_triggers,
    turn,
    active,
    step,
    waiting,
    priority,
    passes,
    settled,
    protector_choices,
    as_unblocked,
    trample,
    division,
    resume,
    attackers_declared,
    token_of,
    events,
    recording,
    step_broken,
    entry,
    variant,
    to_graveyard_this_turn,
    combat_damage_prevented,
    deathtouched,
    attacked_this_turn,
    gained_until_end_of_turn,
    lost_abilities,
    playable_from_exile,
    emblems,
    pays_mana,
    ward,
    resolution,
    shuffle_state,
    faults,
});

/// Saturating add for [`History`] counts (they saturate at 3).
pub fn bump(n: &mut u8) {
    *n = (*n + 1).min(3);
}

/// The seat `i` places after seat `from` around a table of `n` seats
/// (`from` below `n`, `i` at most `n`): every caller walks the table from
/// some seat, so this adds instead of dividing.
fn seat_after(from: usize, i: usize, n: usize) -> PlayerId {
    let seat = from + i;
    PlayerId((if seat >= n { seat - n } else { seat }) as u8)
}

impl Game {
    pub fn obj(&self, id: CardId) -> &Object {
        &self.objects[id.0 as usize]
    }
    pub fn obj_mut(&mut self, id: CardId) -> &mut Object {
        &mut self.objects[id.0 as usize]
    }
    pub fn exists(&self, id: CardId) -> bool {
        (id.0 as usize) < self.objects.len()
    }
    pub fn in_game(&self, p: PlayerId) -> bool {
        self.players.get(p.0 as usize).is_some_and(|x| x.in_game)
    }
    /// Players still in the game, in turn order starting with `from`.
    pub fn players_from(&self, from: PlayerId) -> impl Iterator<Item = PlayerId> + Clone + '_ {
        let n = self.players.len();
        let from = from.0 as usize % n.max(1);
        (0..n)
            .map(move |i| seat_after(from, i, n))
            .filter(|&p| self.in_game(p))
    }
    /// Players in the game in APNAP order (101.4).
    pub fn apnap(&self) -> impl Iterator<Item = PlayerId> + Clone + '_ {
        self.players_from(self.active)
    }
    /// The next player in turn order after `p` who is still in the game.
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len();
        let from = p.0 as usize % n.max(1);
        (1..=n)
            .map(|i| seat_after(from, i, n))
            .find(|&q| self.in_game(q))
            .unwrap_or(p)
    }
    /// The seating as the multiplayer options read it: who is in the game,
    /// and who was as the turn began (see
    /// `battlecheck_properties::seating`).
    pub fn table(&self) -> Table {
        let n = self.players.len();
        Table {
            variant: self.variant,
            seats: n as u8,
            in_game: Seats::of(n, |p| self.players[p].in_game),
            seated: Seats::of(n, |p| self.players[p].seated),
        }
    }

    /// The seating the rules of this game play by: [`Game::table`], with
    /// the injected seating bugs (tests only).
    pub(crate) fn seating(&self) -> Table {
        self.injected_seating(self.table())
    }

    /// `t` with the injected seating bugs (tests only; none in a correct
    /// game).
    fn injected_seating(&self, mut t: Table) -> Table {
        if self.fault(EngineFault::AttackLeftAndRightSwapped) {
            t.variant.attack = match t.variant.attack {
                AttackOption::Left => AttackOption::Right,
                AttackOption::Right => AttackOption::Left,
                AttackOption::Multiple => AttackOption::Multiple,
            };
        }
        if self.fault(EngineFault::RangeFromCurrentSeats) {
            t.seated = t.in_game;
        }
        t
    }

    /// The players `p` may choose when asked to choose an opponent:
    /// opponents still in the game (102.2, 102.3: with Two-Headed Giant the
    /// players of the other team) within `p`'s range of influence (801.5a).
    pub fn opponents_in_range(&self, p: PlayerId) -> Vec<PlayerId> {
        let table = self.seating();
        self.players_from(p)
            .filter(|&q| table.variant.opponents(p, q) && table.in_range(p, q))
            .collect()
    }

    /// Are `p` and `q` on the same team (810.1; every player is their own
    /// team without Two-Headed Giant)?
    pub fn teammates(&self, p: PlayerId, q: PlayerId) -> bool {
        !self.variant.opponents(p, q)
    }

    /// `p` loses `n` life: with Two-Headed Giant their team's shared life
    /// total does (810.9), which every member's life shows (810.9a).
    pub(crate) fn lose_life(&mut self, p: PlayerId, n: u32) {
        self.change_life(p, -i32::try_from(n).unwrap_or(i32::MAX));
    }

    /// `p` gains `n` life (119.3), shared as [`Game::lose_life`] shares a
    /// loss.
    pub(crate) fn gain_life(&mut self, p: PlayerId, n: u32) {
        self.emit(Event::GainedLife {
            player: p,
            amount: n,
        });
        self.change_life(p, i32::try_from(n).unwrap_or(i32::MAX));
    }

    fn change_life(&mut self, p: PlayerId, delta: i32) {
        let team: Vec<PlayerId> = (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&q| {
                q == p || (self.teammates(p, q) && !self.fault(EngineFault::LifeNotShared))
            })
            .collect();
        for q in team {
            let pl = &mut self.players[q.0 as usize];
            pl.life = pl.life.saturating_add(delta);
            let life = pl.life;
            self.emit(Event::Life { player: q, life });
        }
    }

    /// 801.2d: is `o` within `p`'s range of influence? A permanent is if
    /// its controller is; a battle also if its protector is.
    pub fn object_in_range(&self, p: PlayerId, o: &Object) -> bool {
        let protector = if o.is_battle() { o.protector } else { None };
        self.seating().object_in_range(p, o.controller, protector)
    }
    pub fn battlefield(&self) -> impl Iterator<Item = &Object> {
        self.objects.iter().filter(|o| o.on_battlefield())
    }
    pub fn emit(&mut self, e: Event) {
        if self.recording {
            self.events.push(e);
        }
    }
    /// Is the injected bug `f` switched on?
    pub fn fault(&self, f: crate::fault::EngineFault) -> bool {
        self.faults.contains(&f)
    }
    /// The events recorded, leaving room for as many again: a decision
    /// records a few, and growing the list from nothing each time was most
    /// of what recording cost.
    pub(crate) fn take_events(&mut self) -> Vec<Event> {
        let room = Vec::with_capacity(self.events.len().max(8));
        std::mem::replace(&mut self.events, room)
    }
}

impl Game {
    /// Does `id` have keyword `k`: printed or copied (see
    /// [`Object::has`]), or gained until end of turn?
    pub fn has_keyword(&self, id: CardId, k: Keyword) -> bool {
        self.gained_until_end_of_turn.contains(&(id, k))
            || (self.has_abilities(id) && (self.obj(id).has(k) || self.static_keyword(id, k)))
    }

    /// Does `id` have its abilities: printed, intrinsic (a basic land
    /// type's mana ability, 305.6) and granted by static abilities? Not if
    /// an effect made it lose all abilities until end of turn (613.1f).
    /// Effects order by timestamp within layer 6 (613.7): keywords gained
    /// until end of turn before the loss are removed with it
    /// (`Game::lose_all_abilities`); those gained after it apply. A
    /// static ability of another permanent counts as older than the loss
    /// (613.7a: true unless that permanent entered after it, which no card
    /// here does in the same turn as Primordial Plasm's trigger).
    pub fn has_abilities(&self, id: CardId) -> bool {
        !self.lost_abilities.contains(&id)
    }

    /// Refuse a card number that is not in the game.
    pub fn known(&self, id: CardId) -> Result<(), crate::state::error::EngineError> {
        if self.exists(id) {
            Ok(())
        } else {
            Err(crate::state::error::EngineError::Unknown {
                what: format!("card {id}"),
            })
        }
    }

    /// Refuse a player number that is not in the game's seating.
    pub fn known_player(&self, p: PlayerId) -> Result<(), crate::state::error::EngineError> {
        if (p.0 as usize) < self.players.len() {
            Ok(())
        } else {
            let n = self.players.len();
            Err(crate::state::error::EngineError::Unknown {
                what: format!(
                    "player {p} (protocol number {}): the game has {n} players, P1 to P{n} (0 to {})",
                    p.0,
                    n - 1
                ),
            })
        }
    }
}
