//! A picture of the battlefield for the Explorer (stateright's `as_svg`):
//! players around the table, each with their permanents; every battle shows
//! its defense and an arrow to its protector; attackers have arrows to what
//! they attack, blockers dashed arrows to what they block; the stack in the
//! middle.

use crate::rules::state::{Combat, GameState, StackItem};
use battlecheck_properties::{
    AttackTarget, CardId, Kind, Observation, PlayerId, PropertySpec, Zone, CATALOGUE,
};
use std::fmt::Write;

const W: f64 = 900.0;
const H: f64 = 640.0;
const CARD_W: f64 = 132.0;
const CARD_H: f64 = 40.0;
const PLAYER_W: f64 = 170.0;
const PLAYER_H: f64 = 44.0;

struct Layout {
    players: Vec<(f64, f64)>,
    cards: Vec<(CardId, f64, f64)>,
}

fn esc(s: &str) -> String {
    crate::display::xml_escape(s)
}

/// `text` in lines of at most about `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("there is a line");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

impl GameState {
    /// The invariants of the catalogue this state breaks, each with the
    /// objects that break it.
    fn broken(&self) -> Vec<(&'static PropertySpec, Vec<CardId>)> {
        let o = Observation::of(self);
        CATALOGUE
            .iter()
            .filter(|spec| spec.kind == Kind::Always && !spec.id.check(&o))
            .map(|spec| (spec, spec.id.offenders(&o)))
            .collect()
    }

    /// Seat 1 along the bottom, the other seats side by side along the top;
    /// each player's permanents in rows between their name and the middle.
    fn layout(&self) -> Layout {
        let n = self.players.len();
        let mut players = Vec::new();
        let mut cards = Vec::new();
        for p in 0..n {
            let (left, width, bottom) = if p == 0 {
                (0.0, W, true)
            } else {
                (
                    (p - 1) as f64 * W / (n - 1) as f64,
                    W / (n - 1) as f64,
                    false,
                )
            };
            let px = left + width / 2.0;
            let py = if bottom { H - 30.0 } else { 30.0 };
            players.push((px, py));
            let mine: Vec<CardId> = self
                .on_battlefield()
                .filter(|&id| self.obj(id).controller == PlayerId(p as u8))
                .collect();
            let per_row = ((width / (CARD_W + 8.0)) as usize).max(1);
            for (i, id) in mine.iter().enumerate() {
                let (row, col) = (i / per_row, i % per_row);
                let in_row = (mine.len() - row * per_row).min(per_row) as f64;
                let x = px + (col as f64 - (in_row - 1.0) / 2.0) * (CARD_W + 8.0);
                let offset = 62.0 + row as f64 * (CARD_H + 8.0);
                let y = if bottom { py - offset } else { py + offset };
                cards.push((*id, x, y));
            }
        }
        Layout { players, cards }
    }

    /// The battlefield as an SVG picture; the permanents that the last
    /// decision changed (against `previous`, the state before it) are
    /// outlined in orange, and those that break an invariant in red, with
    /// the invariant's statement and rules written out below the stack.
    pub fn svg(&self, previous: Option<&GameState>) -> String {
        let changed =
            |id: CardId| previous.is_some_and(|p| p.observe_object(id) != self.observe_object(id));
        let broken = self.broken();
        let breaks = |id: CardId| broken.iter().any(|(_, ids)| ids.contains(&id));
        let outline = |id: CardId| match (breaks(id), changed(id)) {
            (true, _) => (" breaks", "#c0392b", 4),
            (false, true) => (" changed", "#e67e00", 3),
            (false, false) => ("", "#444", 1),
        };
        let l = self.layout();
        let card_at = |id: CardId| l.cards.iter().find(|c| c.0 == id).map(|c| (c.1, c.2));
        let mut s = String::new();
        let _ = write!(
            s,
            "<svg xmlns='http://www.w3.org/2000/svg' width='{W}' height='{H}' viewBox='0 0 {W} {H}' font-family='sans-serif' font-size='12'>\
             <defs>\
             <marker id='a' markerWidth='10' markerHeight='8' refX='9' refY='4' orient='auto'><path d='M0,0 L10,4 L0,8 z' fill='#c0392b'/></marker>\
             <marker id='p' markerWidth='10' markerHeight='8' refX='9' refY='4' orient='auto'><path d='M0,0 L10,4 L0,8 z' fill='#2471a3'/></marker>\
             <marker id='b' markerWidth='10' markerHeight='8' refX='9' refY='4' orient='auto'><path d='M0,0 L10,4 L0,8 z' fill='#555'/></marker>\
             </defs><rect width='{W}' height='{H}' fill='#f7f4ec'/>"
        );
        // Players.
        for (i, &(x, y)) in l.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            let pl = self.players[i];
            let active = if p == self.active { " (active)" } else { "" };
            let (fill, status) = if pl.in_game {
                ("#fdfefe", format!("{} life", pl.life))
            } else {
                ("#d5d8dc", "left the game".to_string())
            };
            let _ = write!(
                s,
                "<g class='player' id='player-{}'><rect x='{}' y='{}' width='{PLAYER_W}' height='{PLAYER_H}' rx='8' fill='{fill}' stroke='#333' stroke-width='{}'/>\
                 <text x='{x}' y='{}' text-anchor='middle' font-weight='bold'>{p}{active}</text><text x='{x}' y='{}' text-anchor='middle'>{status}</text></g>",
                i + 1,
                x - PLAYER_W / 2.0,
                y - PLAYER_H / 2.0,
                if p == self.active { 3 } else { 1 },
                y - 4.0,
                y + 13.0
            );
        }
        // Arrows: protectors, attacks, blocks.
        // A curve from one point to another, bowing towards the middle of
        // the table, ending `inset` short of its target.
        let curve = |class: &str,
                     style: &str,
                     (x1, y1): (f64, f64),
                     (x2, y2): (f64, f64),
                     inset: f64| {
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let (qx, qy) = (
                mx + (W / 2.0 - mx) * 0.3,
                my + (H / 2.0 - my) * 0.6 - if (y1 - y2).abs() < 1.0 { 70.0 } else { 0.0 },
            );
            let (dx, dy) = (x2 - qx, y2 - qy);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ex, ey) = (x2 - dx / len * inset, y2 - dy / len * inset);
            format!("<path class='{class}' d='M{x1:.0},{y1:.0} Q{qx:.0},{qy:.0} {ex:.0},{ey:.0}' fill='none' {style}/>")
        };
        for &(id, x, y) in &l.cards {
            let o = self.obj(id);
            if self.chars(id).battle {
                if let Some(p) = o.protector {
                    let style = "stroke='#2471a3' stroke-width='2' stroke-dasharray='2 3' marker-end='url(#p)'";
                    s.push_str(&curve(
                        "protector",
                        style,
                        (x, y),
                        l.players[p.0 as usize],
                        26.0,
                    ));
                }
            }
            match o.combat {
                Combat::Attacking {
                    target: Some(t), ..
                } => {
                    let to = match t {
                        AttackTarget::Player(p) => Some(l.players[p.0 as usize]),
                        AttackTarget::Battle(b) | AttackTarget::Planeswalker(b) => card_at(b),
                    };
                    if let Some(to) = to {
                        s.push_str(&curve(
                            "attack",
                            "stroke='#c0392b' stroke-width='3' marker-end='url(#a)'",
                            (x, y),
                            to,
                            24.0,
                        ));
                    }
                }
                Combat::Blocking(a) => {
                    if let Some(to) = card_at(a) {
                        let style = "stroke='#555' stroke-width='2' stroke-dasharray='6 4' marker-end='url(#b)'";
                        s.push_str(&curve("block", style, (x, y), to, 22.0));
                    }
                }
                _ => {}
            }
        }
        // Permanents.
        for &(id, x, y) in &l.cards {
            let o = self.obj(id);
            let c = self.chars(id);
            let fill = if c.battle {
                "#fdebd0"
            } else if o.back_face {
                "#e8daef"
            } else {
                "#eafaf1"
            };
            let mut line2 = String::new();
            if c.battle {
                let _ = write!(line2, "defense {}", o.counters);
            }
            if c.planeswalker {
                if !line2.is_empty() {
                    line2.push_str(", ");
                }
                let _ = write!(line2, "loyalty {}", o.loyalty);
            }
            if c.creature {
                if !line2.is_empty() {
                    line2.push_str(", ");
                }
                let _ = write!(line2, "{}/{}", c.power, c.toughness);
            }
            if o.tapped {
                line2.push_str(" tapped");
            }
            if matches!(o.combat, Combat::Attacking { target: None, .. }) {
                line2.push_str(" attacking nothing");
            }
            let _ = write!(
                s,
                "<g class='permanent{}' id='card-{}'><rect x='{}' y='{}' width='{CARD_W}' height='{CARD_H}' rx='5' fill='{fill}' stroke='{}' stroke-width='{}'/>\
                 <text x='{x}' y='{}' text-anchor='middle' font-weight='bold'>{}</text><text x='{x}' y='{}' text-anchor='middle'>{}</text></g>",
                outline(id).0,
                id.0,
                x - CARD_W / 2.0,
                y - CARD_H / 2.0,
                outline(id).1,
                outline(id).2,
                y - 4.0,
                esc(&self.card_name(id)),
                y + 12.0,
                esc(&line2)
            );
        }
        // The stack, top first, in the middle.
        let _ = write!(
            s,
            "<text x='{}' y='{}' text-anchor='middle' fill='#555'>Turn {}, {:?} step</text>",
            W / 2.0,
            H / 2.0 - 30.0,
            self.turn + 1,
            self.step
        );
        for (i, item) in self.stack.iter().rev().enumerate() {
            let text = match item {
                StackItem::Spell {
                    card,
                    controller,
                    transformed,
                    ..
                } => {
                    format!(
                        "{}{} ({controller})",
                        self.card_name(*card),
                        if *transformed { " transformed" } else { "" }
                    )
                }
                StackItem::Activated {
                    source, controller, ..
                } => {
                    format!("ability of {} ({controller})", self.card_name(*source))
                }
                StackItem::Trigger {
                    source,
                    controller,
                    ability,
                    ..
                } => format!(
                    "{} of {} ({controller})",
                    ability.name(),
                    self.card_name(*source)
                ),
            };
            let _ = write!(
                s,
                "<text class='stack' x='{}' y='{}' text-anchor='middle'>{}{}</text>",
                W / 2.0,
                H / 2.0 - 10.0 + 16.0 * i as f64,
                if i == 0 { "stack: " } else { "" },
                esc(&text)
            );
        }
        // The invariants this state breaks: statement, rules and the
        // objects that break it (named, since some are not on the
        // battlefield).
        let mut line_y = H / 2.0 + 60.0;
        for (spec, ids) in &broken {
            let names: Vec<String> = ids
                .iter()
                .map(|&id| format!("{} ({:?})", self.card_name(id), self.obj(id).zone))
                .collect();
            let text = format!(
                "breaks {} (rules {}): {}.",
                spec.name,
                spec.rules.join(", "),
                spec.statement,
            );
            let by = format!("broken by: {}", names.join(", "));
            for line in wrap(&text, 120).into_iter().chain(wrap(&by, 120)) {
                let _ = write!(
                    s,
                    "<text class='broken' x='{}' y='{line_y}' text-anchor='middle' fill='#c0392b'>{}</text>",
                    W / 2.0,
                    esc(&line)
                );
                line_y += 15.0;
            }
        }
        let exiled: Vec<String> = self
            .ids()
            .filter(|&id| self.obj(id).zone == Zone::Exile)
            .map(|id| self.card_name(id))
            .collect();
        if !exiled.is_empty() {
            let _ = write!(
                s,
                "<text x='10' y='{}' fill='#555'>exile: {}</text>",
                H - 10.0,
                esc(&exiled.join(", "))
            );
        }
        let _ = write!(
            s,
            "<text x='{x}' y='{}' text-anchor='end' fill='#555'>red outline: breaks an invariant (named in red)</text>\
             <text x='{x}' y='{}' text-anchor='end' fill='#555'>red: attacks · grey dashed: blocks · blue dotted: protector</text>\
             <text x='{x}' y='{}' text-anchor='end' fill='#555'>orange outline: changed by the last decision</text>",
            H - 40.0,
            H - 25.0,
            H - 10.0,
            x = W - 10.0,
        );
        s.push_str("</svg>");
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::config::{Config, Setup};
    use crate::rules::state::GameState;
    use battlecheck_properties::{CardId, Decision, PlayerId};

    /// A Siege attacked by its controller and blocked by its protector:
    /// the picture shows the battle's defense, an arrow to its protector,
    /// the attack and the block.
    #[test]
    fn picture_shows_battles_protectors_attacks_and_blocks() {
        let setup = Box::leak(Box::new(
            Setup::new(Config::preset("tiny").unwrap()).unwrap(),
        ));
        let mut s = GameState::initial(setup);
        let (bear, siege, blocker) = (CardId(0), CardId(2), CardId(3));
        for d in [
            Decision::Cast {
                player: PlayerId(0),
                card: siege,
                targets: vec![],
                x: None,
                convoke: None,
            },
            Decision::PassAll,
            Decision::PassAll,
            Decision::DeclareAttackers {
                attacks: vec![(bear, battlecheck_properties::AttackTarget::Battle(siege))],
            },
            Decision::PassAll,
            Decision::DeclareBlockers {
                blocks: vec![(blocker, bear)],
            },
        ] {
            assert!(s.is_legal(&d), "{d:?}");
            s.apply(&d);
        }
        let svg = s.svg(None);
        assert!(!svg.contains("class='permanent changed'"), "{svg}");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(
            svg.contains(">Pool Siege 2 #2</text>") && svg.contains(">defense 2</text>"),
            "{svg}"
        );
        assert_eq!(svg.matches("class='protector'").count(), 1);
        assert_eq!(svg.matches("class='attack'").count(), 1);
        assert_eq!(svg.matches("class='block'").count(), 1);
        assert!(svg.contains("P1 (active)"));
    }

    /// The permanents the last decision changed are outlined: the Siege
    /// that resolved, not the bears.
    #[test]
    fn picture_marks_what_the_last_decision_changed() {
        let setup = Box::leak(Box::new(
            Setup::new(Config::preset("tiny").unwrap()).unwrap(),
        ));
        let mut cast = GameState::initial(setup);
        cast.apply(&Decision::Cast {
            player: PlayerId(0),
            card: CardId(2),
            targets: vec![],
            x: None,
            convoke: None,
        });
        let mut resolved = cast.clone();
        resolved.apply(&Decision::PassAll);
        let svg = resolved.svg(Some(&cast));
        assert_eq!(svg.matches("class='permanent changed'").count(), 1, "{svg}");
        assert!(
            svg.contains("class='permanent changed' id='card-2'"),
            "{svg}"
        );
        assert!(!resolved
            .svg(Some(&resolved))
            .contains("class='permanent changed'"));
    }

    /// The object that breaks an invariant is outlined in red and the
    /// invariant's name, rules and statement are written out: a model with
    /// a seeded extra defense counter puts a Siege above its printed
    /// defense as it resolves.
    #[test]
    fn picture_marks_what_breaks_an_invariant() {
        let mut config = Config::preset("tiny").unwrap();
        config.faults = vec![crate::rules::faults::Fault::ExtraDefenseCounter];
        let setup = Box::leak(Box::new(Setup::new(config).unwrap()));
        let mut s = GameState::initial(setup);
        s.apply(&Decision::Cast {
            player: PlayerId(0),
            card: CardId(2),
            targets: vec![],
            x: None,
            convoke: None,
        });
        assert!(
            !s.svg(None).contains("class='broken'"),
            "nothing is broken yet"
        );
        let cast = s.clone();
        s.apply(&Decision::PassAll);
        let svg = s.svg(Some(&cast));
        assert_eq!(svg.matches("class='permanent breaks'").count(), 1, "{svg}");
        assert!(
            svg.contains("class='permanent breaks' id='card-2'"),
            "{svg}"
        );
        assert!(
            svg.contains("breaks defense-never-exceeds-printed (rules 310.4b")
                && svg.contains(">broken by: Pool Siege 2 #2 (Battlefield)</text>"),
            "{svg}"
        );
    }
}
