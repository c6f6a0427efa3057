//! The multiplayer options that decide whom a player may attack and affect
//! (800–803), shared by the model and the engine so that both read one
//! statement of them.
//!
//! Seats are numbered in turn order; turn order goes to the left (101.4:
//! "the next player in turn order (usually the player seated to the active
//! player's left)"), so the player to seat `p`'s left is seat `p + 1` and
//! the player to its right is seat `p - 1`, around the table.
//!
//! Where the rules are silent for battles or for players who left, this
//! module decides, and says so:
//! - 803.1a–b speak of the opponent "seated immediately to their left": a
//!   player who left the game no longer sits at the table (800.4: the game
//!   goes on without them), so the nearest player still in the game is the
//!   one immediately to the left. Unlike 801.2c for the range of influence,
//!   no rule fixes this at the start of the turn, so it is read at the
//!   moment attackers are declared.
//! - 801.2c: ranges of influence are determined as each turn begins; seats
//!   are counted over the players in the game at that moment ([`Table::seated`]),
//!   so a player who leaves mid-turn brings no one into range before the next
//!   turn (801.2c's example: Carissa enters Alex's range "at the start of the
//!   next turn").
//! - 801.5a makes a Siege's protector (310.12a) and any protector chosen by
//!   704.5x–y a player within its controller's range. Whether a protector
//!   who is (or, after a change of control, comes to be) outside the range
//!   is "a player who can't be its protector" (704.5y) the rules do not
//!   say; here range limits the choice only, as 801.5a is a rule about
//!   choosing, and 310.12a's "only an opponent ... can be its protector"
//!   names no range.
//! - Two-Headed Giant (810) seats two teams of two, each team on one side of
//!   the table (810.3): here seats 1 and 2 are one team, seats 3 and 4 the
//!   other. An opponent is a player of the other team (102.3); whom a
//!   team's creatures attack and whose battles a team blocks for follow
//!   from that (805.10a–d). Which member of a team is "the active player"
//!   (805.9) the rules leave to the ability that asks; here it is the
//!   team's first seat wherever one player must be named (APNAP order,
//!   who receives priority).

use crate::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Whom a player may attack, among their opponents (802, 803).
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
pub enum AttackOption {
    /// 802: every opponent is a defending player.
    #[default]
    Multiple,
    /// 803.1a: only the opponent seated immediately to the player's left.
    Left,
    /// 803.1b: only the opponent seated immediately to the player's right.
    Right,
}

impl AttackOption {
    pub const ALL: [AttackOption; 3] = [
        AttackOption::Multiple,
        AttackOption::Left,
        AttackOption::Right,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AttackOption::Multiple => "multiple",
            AttackOption::Left => "left",
            AttackOption::Right => "right",
        }
    }
}

impl fmt::Display for AttackOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for AttackOption {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        AttackOption::ALL
            .into_iter()
            .find(|a| a.as_str() == s)
            .ok_or_else(|| format!("unknown attack option '{s}' (known: multiple, left, right)"))
    }
}

/// The multiplayer options (800.2: a game may use several options): how
/// players attack, their range of influence, or the Two-Headed Giant
/// variant (810), whose teams share turns (805) and life.
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
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Attack multiple players (802, the default), attack left or attack
    /// right (803).
    #[serde(default, skip_serializing_if = "is_multiple")]
    pub attack: AttackOption,
    /// The limited range of influence (801), the same for every player, in
    /// seats (at least 1); absent: unlimited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u8>,
    /// Two-Headed Giant (810): two teams of two with shared team turns
    /// (805) and a shared life total (810.4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub two_headed_giant: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_multiple(a: &AttackOption) -> bool {
    *a == AttackOption::Multiple
}

impl Variant {
    /// Attack `attack`, unlimited range.
    pub fn attack(attack: AttackOption) -> Variant {
        Variant {
            attack,
            ..Variant::default()
        }
    }

    /// Attack multiple players with a range of influence of `range` seats.
    pub fn range(range: u8) -> Variant {
        Variant {
            range: Some(range),
            ..Variant::default()
        }
    }

    /// Two-Headed Giant (810).
    pub fn two_headed_giant() -> Variant {
        Variant {
            two_headed_giant: true,
            ..Variant::default()
        }
    }

    /// Free-for-all, attack multiple players, unlimited range.
    pub fn is_default(&self) -> bool {
        *self == Variant::default()
    }

    /// Is the option usable? The first problem, naming the field.
    pub fn validate(&self) -> Result<(), String> {
        match self.range {
            Some(0) => return Err("range must be at least 1 seat, got 0".into()),
            Some(_) if self.two_headed_giant => {
                return Err("two_headed_giant: a Two-Headed Giant game has no range of influence (it uses the combat rules of shared team turns, 810.7)".into())
            }
            _ => {}
        }
        if self.two_headed_giant && self.attack != AttackOption::Multiple {
            return Err("two_headed_giant: a Two-Headed Giant game uses neither attack left nor attack right (810.7: a team attacks the other team)".into());
        }
        Ok(())
    }

    /// The team of seat `p`: with Two-Headed Giant seats 0–1 and 2–3 (810.1,
    /// 810.3), otherwise every player alone.
    pub fn team(&self, p: PlayerId) -> u8 {
        if self.two_headed_giant {
            p.0 / 2
        } else {
            p.0
        }
    }

    /// Are `p` and `q` opponents (102.3: in a team game, the players of
    /// other teams)?
    pub fn opponents(&self, p: PlayerId, q: PlayerId) -> bool {
        self.team(p) != self.team(q)
    }

    /// Does renaming seats by `perm` (`perm[p]`: p's new seat) keep every
    /// relation this variant reads? The directions of 803 are kept only by
    /// rotations, which fix no seat; distances (801.2) by the rotations and
    /// reflections of the table. The default reads no seating at all.
    pub fn preserved_by(&self, perm: &[u8]) -> bool {
        let n = perm.len();
        if self.two_headed_giant
            && (0..n).any(|p| (0..n).any(|q| (p / 2 == q / 2) != (perm[p] / 2 == perm[q] / 2)))
        {
            return false;
        }
        let next = |p: usize| (p + 1) % n;
        if self.attack != AttackOption::Multiple
            && (0..n).any(|p| perm[next(p)] as usize != next(perm[p] as usize))
        {
            return false;
        }
        if self.range.is_some() {
            let dist = |a: usize, b: usize| {
                let d = (a + n - b) % n;
                d.min(n - d)
            };
            for a in 0..n {
                for b in 0..n {
                    if dist(a, b) != dist(perm[a] as usize, perm[b] as usize) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// One line for reports: `attack left, range of influence 1`.
    pub fn describe(&self) -> String {
        if self.two_headed_giant {
            return "Two-Headed Giant, teams P1+P2 and P3+P4".into();
        }
        let mut parts = vec![format!("attack {}", self.attack)];
        if let Some(r) = self.range {
            parts.push(format!("range of influence {r}"));
        }
        parts.join(", ")
    }
}

/// A set of seats (a game seats at most 256 players: seat numbers are one
/// byte).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats([u64; 4]);

impl Seats {
    /// The seats `p` for which `member(p)` holds, among the first `n`.
    pub fn of(n: usize, member: impl Fn(usize) -> bool) -> Seats {
        let mut s = Seats::default();
        for p in (0..n.min(256)).filter(|&p| member(p)) {
            s.0[p / 64] |= 1 << (p % 64);
        }
        s
    }

    pub fn contains(&self, p: u8) -> bool {
        self.0[p as usize / 64] & (1 << (p % 64)) != 0
    }
}

/// The seating of a game at one moment, as the variant reads it: how many
/// seats, who is in the game, and who was in the game as the turn began
/// (801.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub variant: Variant,
    pub seats: u8,
    pub in_game: Seats,
    /// Seats in the game as the current turn began.
    pub seated: Seats,
}

impl Table {
    /// Seats from `from` to `to` going left (`step` 1) or right (`step`
    /// n-1), counting only the seats in `mask`; `None` if `to` is not in it.
    fn seats_between(&self, mask: Seats, from: u8, to: u8, step: usize) -> Option<u8> {
        let n = usize::from(self.seats);
        let mut p = usize::from(from);
        let mut d = 0u8;
        for _ in 0..n {
            p = (p + step) % n;
            if mask.contains(p as u8) {
                d = d.saturating_add(1);
            }
            if p == usize::from(to) {
                return mask.contains(to).then_some(d);
            }
        }
        None
    }

    /// 801.2, 801.2b–c: is `q` within `p`'s range of influence? `p` always
    /// is; another player is if they were in the game as the turn began and
    /// are within that many seats of `p`, counting the seats of the players
    /// in the game then, either way around the table.
    pub fn in_range(&self, p: PlayerId, q: PlayerId) -> bool {
        let Some(r) = self.variant.range else {
            return true;
        };
        if p == q {
            return true;
        }
        let n = usize::from(self.seats);
        let left = self.seats_between(self.seated, p.0, q.0, 1);
        let right = self.seats_between(self.seated, p.0, q.0, n - 1);
        left.into_iter().chain(right).any(|d| d <= r)
    }

    /// 801.2d: is an object controlled by `controller` (and, for a battle,
    /// protected by `protector`) within `p`'s range of influence?
    pub fn object_in_range(
        &self,
        p: PlayerId,
        controller: PlayerId,
        protector: Option<PlayerId>,
    ) -> bool {
        self.in_range(p, controller) || protector.is_some_and(|q| self.in_range(p, q))
    }

    /// The nearest player still in the game to `p`'s left (803.1a) or
    /// right (803.1b).
    fn nearest(&self, p: PlayerId, left: bool) -> Option<PlayerId> {
        let n = usize::from(self.seats);
        (1..n)
            .map(|i| {
                let q = if left {
                    p.0 as usize + i
                } else {
                    p.0 as usize + n - i
                };
                (q % n) as u8
            })
            .find(|&q| self.in_game.contains(q))
            .map(PlayerId)
    }

    /// May `p`'s creatures attack player `q`, the planeswalkers `q` controls
    /// and the battles `q` protects? `q` must be an opponent in the game
    /// (802.2: every opponent is a defending player; 310.9b: never a battle
    /// `p` protects; 805.10a: with Two-Headed Giant, every player of the
    /// other team), within `p`'s range of influence (801.3), and, with
    /// attack left or right, the nearest player on that side (803.1a–b).
    pub fn may_attack(&self, p: PlayerId, q: PlayerId) -> bool {
        self.variant.opponents(p, q)
            && self.in_game.contains(q.0)
            && self.in_range(p, q)
            && match self.variant.attack {
                AttackOption::Multiple => true,
                AttackOption::Left => self.nearest(p, true) == Some(q),
                AttackOption::Right => self.nearest(p, false) == Some(q),
            }
    }

    /// May a creature controlled by `p`, whose defending player was chosen
    /// as `chosen` (508.1b), have its attack reselected (508.7) onto player
    /// `q`, or a battle `q` protects? `q` must be an opponent of `p` in the
    /// game (508.7c), `chosen` itself without the attack multiple players
    /// option (508.7d), and within `p`'s range of influence (508.7e).
    /// Unlike declaring attackers, the nearest player on a side is not read
    /// again: the defending player chosen as attackers were declared stays
    /// the only one.
    pub fn may_reselect(&self, p: PlayerId, chosen: PlayerId, q: PlayerId) -> bool {
        self.variant.opponents(p, q)
            && self.in_game.contains(q.0)
            && (self.variant.attack == AttackOption::Multiple || q == chosen)
            && self.in_range(p, q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(attack: AttackOption, range: Option<u8>, seats: u8, in_game: u8, seated: u8) -> Table {
        let mask = |m: u8| Seats::of(seats.into(), |p| m & (1 << p) != 0);
        Table {
            variant: Variant {
                attack,
                range,
                ..Variant::default()
            },
            seats,
            in_game: mask(in_game),
            seated: mask(seated),
        }
    }
    const P: fn(u8) -> PlayerId = PlayerId;

    #[test]
    fn attack_left_and_right_name_the_nearest_player_in_the_game() {
        let all = table(AttackOption::Left, None, 4, 0b1111, 0b1111);
        let who = |t: &Table, p| {
            (0..4)
                .filter(|&q| t.may_attack(P(p), P(q)))
                .collect::<Vec<_>>()
        };
        assert_eq!(who(&all, 0), [1]);
        assert_eq!(who(&all, 3), [0]);
        let right = Table {
            variant: Variant::attack(AttackOption::Right),
            ..all
        };
        assert_eq!(who(&right, 0), [3]);
        assert_eq!(who(&right, 2), [1]);
        // P2 left: P1's nearest player to the left is P3.
        let gone = table(AttackOption::Left, None, 4, 0b1101, 0b1111);
        assert_eq!(who(&gone, 0), [2]);
        let multiple = table(AttackOption::Multiple, None, 4, 0b1101, 0b1111);
        assert_eq!(who(&multiple, 0), [2, 3]);
    }

    #[test]
    fn range_counts_the_seats_of_the_turns_start() {
        // Five seats, range 1: P1 reaches P2 and P5 only.
        let t = table(AttackOption::Multiple, Some(1), 5, 0b11111, 0b11111);
        let reach = |t: &Table, p| {
            (0..5)
                .filter(|&q| t.in_range(P(p), P(q)))
                .collect::<Vec<_>>()
        };
        assert_eq!(reach(&t, 0), [0, 1, 4]);
        assert_eq!(reach(&t, 2), [1, 2, 3]);
        // P2 left this turn: P3 is not in P1's range before the next turn.
        let this_turn = table(AttackOption::Multiple, Some(1), 5, 0b11101, 0b11111);
        assert_eq!(reach(&this_turn, 0), [0, 1, 4]);
        assert!(!this_turn.may_attack(P(0), P(1)), "P2 is not in the game");
        let next_turn = table(AttackOption::Multiple, Some(1), 5, 0b11101, 0b11101);
        assert_eq!(reach(&next_turn, 0), [0, 2, 4]);
        let two = table(AttackOption::Multiple, Some(2), 5, 0b11111, 0b11111);
        assert_eq!(reach(&two, 0), [0, 1, 2, 3, 4]);
        // 801.2d: a battle is in range if its protector is.
        assert!(t.object_in_range(P(0), P(2), Some(P(1))));
        assert!(!t.object_in_range(P(0), P(2), Some(P(3))));
    }

    #[test]
    fn symmetries_keep_what_the_variant_reads() {
        let swap_2_3 = [0u8, 2, 1, 3];
        let reflect = [0u8, 3, 2, 1];
        let default = Variant::default();
        let left = Variant::attack(AttackOption::Left);
        let range = Variant::range(1);
        assert!(default.preserved_by(&swap_2_3));
        assert!(!left.preserved_by(&reflect));
        assert!(!range.preserved_by(&swap_2_3));
        assert!(range.preserved_by(&reflect));
        assert!(Variant::range(0).validate().is_err());
        // 810.3: a renaming keeps the teams, or it is not a symmetry.
        let giant = Variant::two_headed_giant();
        assert!(giant.preserved_by(&[0, 1, 3, 2]));
        assert!(giant.preserved_by(&[2, 3, 0, 1]));
        assert!(!giant.preserved_by(&swap_2_3));
        assert!(Variant {
            range: Some(1),
            ..giant
        }
        .validate()
        .is_err());
        assert!(Variant {
            attack: AttackOption::Left,
            ..giant
        }
        .validate()
        .is_err());
    }

    /// 805.10a, 102.3: with Two-Headed Giant a player may attack both
    /// players of the other team and neither their teammate nor themself.
    #[test]
    fn two_headed_giant_attacks_the_other_team() {
        let t = Table {
            variant: Variant::two_headed_giant(),
            seats: 4,
            in_game: Seats::of(4, |_| true),
            seated: Seats::of(4, |_| true),
        };
        let who = |p| {
            (0..4)
                .filter(|&q| t.may_attack(P(p), P(q)))
                .collect::<Vec<_>>()
        };
        assert_eq!(who(0), [2, 3]);
        assert_eq!(who(1), [2, 3]);
        assert_eq!(who(3), [0, 1]);
        assert!(!t.may_reselect(P(0), P(2), P(1)));
        assert!(t.may_reselect(P(0), P(2), P(3)));
    }
}
