"""C2 (candidate, unconfirmed): phase panics when the player choosing an
entering Siege's protector concedes.

A candidate, not a finding: the triage is not done (FINDINGS.md,
"Candidates"), so findings/ has no scenario for it and native/run.py does
not run it; scripts/matrix/ runs it on every release. The adapter scenario
that meets it is engine/scenarios/b35-caster-leaves-while-its-battle-enters.json.

Rule 104.3a (cr-2026-02-27.txt): "A player can concede the game at any
time. A player who concedes leaves the game immediately. That player loses
the game." Rule 800.4a: "When a player leaves the game, all objects (see
rule 109) owned by that player leave the game [...]". The game goes on for
the other players.

Play (3 players, from a new game): P1 casts Pool Siege 2; as it resolves
phase asks P1 for its protector (P2 or P3); P1 concedes instead.
Rules: P1 leaves the game, with the Siege; P2 and P3 play on.
phase: `Game.apply` raises a PanicException ("resolution abandonment cannot
clear a buried ability continuation").
"""
from phasekit import Table, run, siege, verdict

SIEGE = siege("Pool Siege 2", 2, "Pool Siege 2 Reborn")


def main():
    t = Table([SIEGE], [["Pool Siege 2"] * 40] * 3, need={0: ["Pool Siege 2"]})
    t.pass_until("PreCombatMain", 1)
    t.cast(0, t.card("Pool Siege 2", 0, "hand"))
    t.resolve()
    assert t.prompt == "NamedChoice", t.where()
    options = t.wf["data"].get("options")
    try:
        t.do(0, "Concede", player_id=0)
    except BaseException as e:  # noqa: BLE001  (pyo3's PanicException derives from BaseException)
        if type(e).__name__ != "PanicException":
            raise
        verdict(True, f"P1 conceded while choosing the protector (options {options}): phase panicked: "
                      f"{str(e).splitlines()[0][:160]}", "")
    verdict(False, "", f"P1 conceded while choosing the protector; phase goes on ({t.where()})")


run(main)
