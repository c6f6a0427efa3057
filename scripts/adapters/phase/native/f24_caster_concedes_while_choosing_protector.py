"""F24: phase panics when the player choosing their entering Siege's
protector concedes.

Rule 104.3a (cr-2026-02-27.txt): "A player can concede the game at any
time. A player who concedes leaves the game immediately. That player loses
the game." Rule 800.4a: "When a player leaves the game, all objects (see
rule 109) owned by that player leave the game [...]". The game goes on for
the other players.

Play (3 players, from a new game), with a real card: P1 casts Invasion of
Belenon ("When this Siege enters, create a 2/2 white and blue Knight
creature token with vigilance."); as it resolves phase asks P1 for its
protector (P2 or P3, 310.12a); P1 concedes instead.
Rules: P1 leaves the game, with the Siege; P2 and P3 play on.
phase: `Game.apply` raises a PanicException ("resolution abandonment cannot
clear a buried ability continuation"): the game cannot go on.
Control (same script): P1 conceding while holding priority with the Siege
on the stack is accepted.
"""
from phasekit import SIEGE_TEXT, Table, face, run, verdict

FULL = "Invasion of Belenon // Belenon War Anthem"
BELENON = [face(FULL, ["Battle"], subtypes=["Siege"], defense=5,
                text=SIEGE_TEXT + "\nWhen this Siege enters, create a 2/2 white and blue Knight creature token "
                                  "with vigilance.",
                layout="transform", face_name="Invasion of Belenon", side="a"),
           face(FULL, ["Enchantment"], text="Creatures you control get +1/+1.", layout="transform",
                face_name="Belenon War Anthem", side="b", cost=None)]


def game():
    t = Table([BELENON], [["Invasion of Belenon"] * 40] * 3, need={0: ["Invasion of Belenon"]})
    t.pass_until("PreCombatMain", 1)
    t.cast(0, t.card("Invasion of Belenon", 0, "hand"))
    return t


def main():
    control = game()
    control.do(0, "Concede", player_id=0)
    t = game()
    t.resolve()
    assert t.prompt == "NamedChoice", t.where()
    options = t.wf["data"].get("options")
    try:
        t.do(0, "Concede", player_id=0)
    except BaseException as e:  # noqa: BLE001  (pyo3's PanicException derives from BaseException)
        if type(e).__name__ != "PanicException":
            raise
        verdict(True, f"P1 conceded while choosing Invasion of Belenon's protector (options {options}): "
                      f"phase panicked: {str(e).splitlines()[0][:160]} (control: a concession with the "
                      f"Siege on the stack is accepted)", "")
    verdict(False, "", f"P1 conceded while choosing the protector; phase goes on ({t.where()})")


run(main)
