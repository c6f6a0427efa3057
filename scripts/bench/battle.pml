/*
 * battle.pml: the core of battlecheck's battle model (model/src/rules/*.rs)
 * written a second time in Promela, for SPIN.
 *
 * Include it from a configuration file that defines NP (players, at most
 * 4), NO (objects, at most 24), TURNS, LIFE, DEFENSE and the macros
 * KIND(o), OWNER(o), START(o) (see tiny.pml, duo.pml, bench.pml). Objects
 * are numbered as in the Rust setup, so the states correspond field by field.
 *
 * Covered: casting (sorcery and instant timing), targets and fizzling
 * (608.2b, incarnations), protector choice as a battle enters (310.9a,
 * 310.12a), attacks on players and battles, blocks, trample assignment,
 * the division of an attacker's damage among two blockers (510.1c; more
 * than two blockers of one attacker are asserted not to happen), combat
 * damage, removal from combat, the state-based actions (lethal
 * damage, zero defense with the 310.7 exception, 704.5x-y protector
 * choices), the Siege defeat trigger with exile and cast transformed
 * (310.12b), control change (Steal), burn (Bolt), the end of the turn and
 * the turn bound. Cards: bear, trampler, siege (3/3 creature back), bolt,
 * steal. Not covered: concession and leaving the game (configurations
 * use --no-concede and life totals that can't reach 0: asserted), first
 * strike, copies, tokens, stifle, bounce, animate, faults.
 *
 * State = the Rust GameState field by field (ghost History and incarnation
 * counters included), with unused fields zeroed, so that the stored states
 * are in one-to-one correspondence. Each decision is one atomic step:
 *   atomic { d_step{count decisions}; if ::choose k fi; d_step{apply k} }
 * SPIN stores no state inside an atomic sequence, and `ndec`/`dk` are
 * always 0 in stored states. The only extra stored state is SPIN's
 * initial state before the `setup` step: states stored = unique states + 1.
 */

#define HAND 0
#define BF 1
#define STACK 2
#define GY 3
#define EXILE 4
#define OUTSIDE 5

#define K_BEAR 1
#define K_TRAMPLER 2
#define K_SIEGE 3
#define K_BOLT 4
#define K_STEAL 5

#define S_MAIN 0
#define S_DA 1
#define S_DB 2
#define S_FS 3
#define S_CD 4

#define P_PRIO 0
#define P_DA 1
#define P_DB 2
#define P_TRAMPLE 3
#define P_ENTER 4
#define P_SBA 5
#define P_CASTTR 6
#define P_OVER 7
#define P_DIVIDE 8

#define T_PRIO 0
#define T_END 1

#define NONE 255   /* scratch: no value */
#define PNONE 7    /* Obj.prot: no protector */
#define TNONE 7    /* Obj.tramp: no trample assignment */

#define C_NONE 0
#define C_ATK 1
#define C_BLK 2

#define O_ENTERED 0
#define O_CONTROL 1
#define O_PLEFT 2

#define SK_SPELL 1
#define SK_TRIG 2

#ifndef MAXSTACK
#define MAXSTACK 6
#endif
#define MAXWAIT 4
#define MAXD 64

/* The scratch variables below are `hidden` (not part of the state): each is
   written before it is read within one d_step, so they are per-process
   temporaries. That is also safe in multi-core runs (-DNCORE), where pan
   refuses hidden variables on principle: scripts/bench.sh deletes the
   HAS_HIDDEN define from pan.h for that build. The setup constants are
   macros (KIND, OWNER, START), never variables, for the same reason. */

typedef Obj {
  unsigned zone : 3;
  unsigned inc : 4;      /* incarnation (400.7); u8 in Rust, asserted < 15 here */
  unsigned ctrl : 2; unsigned dctrl : 2;
  unsigned ce0 : 3; unsigned ce1 : 3; unsigned ce2 : 3;   /* control_effects, oldest first: 0 = None, 1+p */
  unsigned prot : 3;     /* protector, PNONE = None */
  unsigned porig : 2;    /* O_ENTERED, O_CONTROL, O_PLEFT */
  unsigned ctr : 4;      /* defense counters */
  unsigned dmg : 5;      /* damage marked, asserted < 31 */
  unsigned tapped : 1; unsigned back : 1; unsigned sick : 1;
  unsigned cmb : 2;      /* C_NONE, C_ATK, C_BLK */
  unsigned atgt : 5;     /* attacking: 0 = nothing (506.4c), 1+p player, 1+NP+b battle */
  unsigned adef : 2;     /* attacking: defending player */
  unsigned blocked : 1;  /* attacking: blocked */
  unsigned blk : 5;      /* blocking: the attacker */
  unsigned tramp : 3;    /* trample_assigned, TNONE = None */
  unsigned share : 3;    /* share of a divided attacker's damage plus one, 0 = None */
  /* ghost History (counts saturate at 3) */
  unsigned h_def : 2; unsigned h_trg : 2; unsigned h_exi : 2; unsigned h_fiz : 2; unsigned h_tc : 2;
  unsigned h_cdef : 1; unsigned h_trampled : 1
}
/* Spell {card, ctrl, tr, target (0 none, 1+p player, 1+NP+c permanent), tinc}
   Trigger {card = source, ctrl, tinc = incarnation} */
typedef Item { unsigned kind : 2; unsigned card : 5; unsigned ctrl : 2; unsigned tr : 1; unsigned tgt : 5; unsigned tinc : 4 }
typedef Wait { unsigned src : 5; unsigned inc : 4; unsigned ctrl : 2 }

unsigned turn : 3; unsigned act : 2; unsigned step : 3; unsigned pend : 4; unsigned pa : 5; unsigned pb : 2;
short life[NP];
bool ingame[NP];
Obj ob[NO];
Item sk[MAXSTACK];
unsigned skn : 4;
Wait wt[MAXWAIT];
unsigned wn : 3;
unsigned ndec : 7; unsigned dk : 7;   /* scratch of one atomic step: always 0 in stored states */


/* scratch (written before read inside each d_step) */
hidden byte i1, i2, i3, q1, q2, x1, x2, x3, igc, tp, rfc, mv, att;
unsigned st_then : 1; unsigned st_pending : 1;   /* carried from a decision's d_step to the settle d_step; 0 in stored states */
hidden byte st_x, st_i;
hidden byte st_done, st_acted, st_choice;
hidden byte st_die[NO];
hidden byte st_need[NO];
hidden byte pu_n, po_c, lt_n, po_n, po_first, po_k, po_sel;
hidden byte ea[NO], eaN, at[NO + NP], atN;
hidden byte bl[NO], blN, bo[NO * NO], boN[NO];
hidden byte sl[NO], slN, pc_pl, pc_card, pc_tgt, pc_cnt;
hidden short cd_obj[NO], cd_pl[NP];
hidden byte cd_ord[NO + 1], cd_n, cd_tr[NO];
hidden short nn, kk, lsum, rest, share, pw;
hidden byte dv_q, dv_c, dv_b1, dv_b2;
hidden short dv_k, dv_r, dv_l1, dv_l2, dv_n;
hidden byte rt_t, rt_card, rt_ctrl, rt_inc, rt_src, rt_tgt, rt_tinc;
hidden byte rt_legal;

#define CREATURE(o) (KIND(o) == K_BEAR || KIND(o) == K_TRAMPLER || (KIND(o) == K_SIEGE && ob[o].back))
#define BATTLE(o) (KIND(o) == K_SIEGE && !ob[o].back)
#define SIEGE(o) BATTLE(o)
#define POWER(o) (KIND(o) == K_BEAR -> 2 : 3)
#define TOUGH(o) (KIND(o) == K_BEAR -> 2 : 3)
#define TRAMPLE(o) (KIND(o) == K_TRAMPLER)
#define INSTANT(o) (KIND(o) == K_BOLT || KIND(o) == K_STEAL)
#define BUMP(v) v = (v < 3 -> v + 1 : 3)

inline setpend(p, a, b) { pend = p; pa = a; pb = b }

inline count_ingame() {
  igc = 0; i3 = 0;
  do :: i3 < NP -> if :: ingame[i3] -> igc++ :: else fi; i3++ :: else -> break od
}

/* 506.4: removed from combat; creatures attacking it attack nothing. */
inline remove_from_combat(id) {
  ob[id].cmb = C_NONE; ob[id].atgt = 0; ob[id].adef = 0; ob[id].blocked = 0; ob[id].blk = 0;
  rfc = 0;
  do
  :: rfc < NO ->
     if :: ob[rfc].cmb == C_ATK && ob[rfc].atgt == NP + 1 + id -> ob[rfc].atgt = 0 :: else fi;
     rfc++
  :: else -> break
  od
}

/* 400.7: a new object; only the ghost history is kept. */
inline move_to(id, z) {
  mv = id;
  if :: ob[mv].zone == BF -> remove_from_combat(mv) :: else fi;
  assert(ob[mv].inc < 15);
  ob[mv].zone = z; ob[mv].inc = ob[mv].inc + 1;
  ob[mv].ctrl = OWNER(mv); ob[mv].dctrl = OWNER(mv); ob[mv].ce0 = 0; ob[mv].ce1 = 0; ob[mv].ce2 = 0; ob[mv].prot = PNONE; ob[mv].porig = O_ENTERED;
  ob[mv].ctr = 0; ob[mv].dmg = 0; ob[mv].tapped = 0; ob[mv].back = 0; ob[mv].sick = 0;
  ob[mv].cmb = C_NONE; ob[mv].atgt = 0; ob[mv].adef = 0; ob[mv].blocked = 0; ob[mv].blk = 0;
  ob[mv].tramp = TNONE; ob[mv].share = 0
}

inline change_control(id, p) {
  if
  :: ob[id].ctrl != p -> remove_from_combat(id); ob[id].ctrl = p; ob[id].sick = 1
  :: else
  fi
}

inline set_protector(id, p, origin) {
  if :: ob[id].prot != PNONE && ob[id].prot != p -> remove_from_combat(id) :: else fi;
  ob[id].prot = p; ob[id].porig = origin
}

/* Protectors of a Siege controlled by c: its opponents in the game in turn
   order from c (310.12a). po_n = how many, po_first = the first,
   po_sel = option number po_k. */
inline siege_protectors(c) {
  po_c = c;
  po_n = 0; po_first = NONE; po_sel = NONE; i3 = 1;
  do
  :: i3 < NP ->
     if
     :: ingame[(po_c + i3) % NP] ->
        if :: po_n == 0 -> po_first = (po_c + i3) % NP :: else fi;
        if :: po_n == po_k -> po_sel = (po_c + i3) % NP :: else fi;
        po_n++
     :: else
     fi;
     i3++
  :: else -> break
  od
}

/* 310.7: is id the source of a trigger waiting or on the stack? */
inline trigger_pending(id) {
  tp = 0; i3 = 0;
  do :: i3 < wn -> if :: wt[i3].src == id -> tp = 1 :: else fi; i3++ :: else -> break od;
  i3 = 0;
  do :: i3 < skn -> if :: sk[i3].kind == SK_TRIG && sk[i3].card == id -> tp = 1 :: else fi; i3++ :: else -> break od
}

/* Is battle id attacked? */
inline attacked(id) {
  att = 0; i3 = 0;
  do :: i3 < NO -> if :: ob[i3].cmb == C_ATK && ob[i3].atgt == NP + 1 + id -> att = 1 :: else fi; i3++ :: else -> break od
}

/* 704.5x-y: st_need[b] = origin, or NONE. */
inline protector_needs() {
  i2 = 0;
  do
  :: i2 < NO ->
     st_need[i2] = NONE;
     if
     :: ob[i2].zone == BF && BATTLE(i2) ->
        if
        :: ob[i2].prot == PNONE -> st_need[i2] = O_ENTERED
        :: ob[i2].prot != PNONE && !ingame[ob[i2].prot] ->
           attacked(i2);
           if :: !att -> st_need[i2] = O_PLEFT :: else fi
        :: ob[i2].prot != PNONE && ingame[ob[i2].prot] && ob[i2].prot == ob[i2].ctrl -> st_need[i2] = O_CONTROL
        :: else
        fi
     :: else
     fi;
     i2++
  :: else -> break
  od
}

inline pop() {
  skn--;
  sk[skn].kind = 0; sk[skn].card = 0; sk[skn].ctrl = 0; sk[skn].tr = 0; sk[skn].tgt = 0; sk[skn].tinc = 0
}

inline push(k, c, p, t, g, n) {
  assert(skn < MAXSTACK);
  sk[skn].kind = k; sk[skn].card = c; sk[skn].ctrl = p; sk[skn].tr = t; sk[skn].tgt = g; sk[skn].tinc = n;
  skn++
}

/* 310.6, 310.12b */
inline remove_counters(id, n, by_combat) {
  x3 = ob[id].ctr;
  ob[id].ctr = (x3 > n -> x3 - n : 0);
  if
  :: x3 > 0 && ob[id].ctr == 0 && SIEGE(id) ->
     BUMP(ob[id].h_def);
     ob[id].h_cdef = by_combat;
     assert(wn < MAXWAIT);
     wt[wn].src = id; wt[wn].inc = ob[id].inc; wt[wn].ctrl = ob[id].ctrl; wn++;
     BUMP(ob[id].h_trg)
  :: else
  fi
}

/* 603.3b: APNAP, each player's in card order. */
inline put_triggers_on_stack() {
  if
  :: wn > 0 ->
     i1 = 0;
     do
     :: i1 < NP ->
        x1 = (act + i1) % NP;
        i2 = 0;
        do
        :: i2 < NO ->
           q1 = 0;
           do
           :: q1 < wn ->
              if
              :: wt[q1].src == i2 && wt[q1].ctrl == x1 ->
                 if
                 :: ingame[x1] -> pu_n = wt[q1].inc; push(SK_TRIG, i2, x1, 0, 0, pu_n)
                 :: else -> BUMP(ob[i2].h_fiz)
                 fi
              :: else
              fi;
              q1++
           :: else -> break
           od;
           i2++
        :: else -> break
        od;
        i1++
     :: else -> break
     od;
     q1 = 0;
     do :: q1 < MAXWAIT -> wt[q1].src = 0; wt[q1].inc = 0; wt[q1].ctrl = 0; q1++ :: else -> break od;
     wn = 0
  :: else
  fi
}

/* State-based actions until none apply, then triggers, then `th`. */
/* Every settle() is a tail call: it records `then`, and do_settle runs once
   at the end of the decision (keeps the d_step small enough for SPIN). */
inline settle(th) { st_then = th; st_pending = 1 }

inline do_settle() {
  st_done = 0;
  do
  :: st_done -> break
  :: else ->
     count_ingame();
     if
     :: igc <= 1 -> setpend(P_OVER, 0, 0); st_done = 1
     :: else ->
        st_acted = 0;
        /* 704.5a: leaving the game is not modelled here */
        i1 = 0;
        do :: i1 < NP -> assert(!(ingame[i1] && life[i1] <= 0)); i1++ :: else -> break od;
        /* 704.5f-g, 704.5v */
        st_i = 0;
        do
        :: st_i < NO ->
           st_die[st_i] = 0;
           if
           :: ob[st_i].zone == BF ->
              if :: CREATURE(st_i) && ob[st_i].dmg >= TOUGH(st_i) -> st_die[st_i] = 1 :: else fi;
              if
              :: BATTLE(st_i) && ob[st_i].ctr == 0 ->
                 trigger_pending(st_i);
                 if :: !tp -> st_die[st_i] = 1 :: else fi
              :: else
              fi
           :: else
           fi;
           st_i++
        :: else -> break
        od;
        st_i = 0;
        do
        :: st_i < NO ->
           if :: st_die[st_i] -> st_x = st_i; move_to(st_x, GY); st_acted = 1 :: else fi;
           st_i++
        :: else -> break
        od;
        /* 704.5x-y */
        st_choice = 0;
        protector_needs();
        st_i = 0;
        do
        :: st_i < NO ->
           if
           :: st_need[st_i] != NONE ->
              po_k = NONE;
              po_c = ob[st_i].ctrl; siege_protectors(po_c);
              if
              :: po_n == 0 -> st_x = st_i; move_to(st_x, GY); st_acted = 1
              :: po_n == 1 -> set_protector(st_i, po_first, st_need[st_i]); st_acted = 1
              :: else -> st_choice = 1
              fi
           :: else
           fi;
           st_i++
        :: else -> break
        od;
        if
        :: st_choice -> setpend(P_SBA, st_then, 0); st_done = 1
        :: !st_choice && !st_acted ->
           put_triggers_on_stack();
           if
           :: st_then == T_PRIO -> setpend(P_PRIO, 0, 0); st_done = 1
           :: else ->
              /* end_turn: 514.2, the next turn (800.4j), 502.3, 302.6 */
              i1 = 0;
              do :: i1 < NO -> ob[i1].dmg = 0; i1++ :: else -> break od;
              turn++;
              if
              :: turn >= TURNS -> setpend(P_OVER, 0, 0); st_done = 1
              :: else ->
                 i1 = 1;
                 do
                 :: i1 <= NP && !ingame[(act + i1) % NP] -> i1++
                 :: else -> break
                 od;
                 act = (act + i1) % NP;
                 i1 = 0;
                 do
                 :: i1 < NO -> if :: ob[i1].ctrl == act -> ob[i1].tapped = 0; ob[i1].sick = 0 :: else fi; i1++
                 :: else -> break
                 od;
                 step = S_MAIN;
                 st_then = T_PRIO
              fi
           fi
        :: else
        fi
     fi
  od
}

inline end_of_combat() {
  i1 = 0;
  do
  :: i1 < NO -> ob[i1].cmb = C_NONE; ob[i1].atgt = 0; ob[i1].adef = 0; ob[i1].blocked = 0; ob[i1].blk = 0; i1++
  :: else -> break
  od;
  step = S_MAIN; /* the first priority after combat: main 2 (505.1) */
  settle(T_END)
}

/* 508.1a-b */
inline attack_options() {
  eaN = 0; atN = 0;
  if
  :: ingame[act] ->
     q1 = 0;
     do
     :: q1 < NO ->
        if
        :: ob[q1].zone == BF && ob[q1].ctrl == act && CREATURE(q1) && !BATTLE(q1) && !ob[q1].tapped && !ob[q1].sick ->
           ea[eaN] = q1; eaN++
        :: else
        fi;
        q1++
     :: else -> break
     od
  :: else
  fi;
  q1 = 0;
  do :: q1 < NP -> if :: q1 != act && ingame[q1] -> at[atN] = 1 + q1; atN++ :: else fi; q1++ :: else -> break od;
  q1 = 0;
  do
  :: q1 < NO ->
     if
     :: ob[q1].zone == BF && BATTLE(q1) && ob[q1].prot != PNONE && ob[q1].prot != act && ingame[ob[q1].prot] ->
        at[atN] = NP + 1 + q1; atN++
     :: else
     fi;
     q1++
  :: else -> break
  od
}

/* 509.1a, 802.4a: bl[s] blocker of slot s, bo[s*NO + j] its options */
inline block_options() {
  blN = 0;
  q1 = 0;
  do
  :: q1 < NO ->
     if
     :: ob[q1].zone == BF && CREATURE(q1) && !BATTLE(q1) && !ob[q1].tapped && ob[q1].ctrl != act && ingame[ob[q1].ctrl] ->
        boN[blN] = 0;
        x2 = ob[q1].ctrl;
        q2 = 0;
        do
        :: q2 < NO ->
           if
           :: ob[q2].zone == BF && ob[q2].cmb == C_ATK &&
              ((ob[q2].atgt >= 1 && ob[q2].atgt <= NP && ob[q2].atgt - 1 == x2) ||
               (ob[q2].atgt > NP && ob[ob[q2].atgt - NP - 1].prot == x2) ||
               (ob[q2].atgt == 0 && ob[q2].adef == x2)) ->
              bo[blN * NO + boN[blN]] = q2; boN[blN]++
           :: else
           fi;
           q2++
        :: else -> break
        od;
        if :: boN[blN] > 0 -> bl[blN] = q1; blN++ :: else fi
     :: else
     fi;
     q1++
  :: else -> break
  od
}

inline begin_combat() {
  step = S_DA;
  attack_options();
  if
  :: eaN == 0 || atN == 0 -> end_of_combat()
  :: else -> setpend(P_DA, 0, 0)
  fi
}

inline begin_blocks() {
  step = S_DB;
  block_options();
  if
  :: blN == 0 -> settle(T_PRIO)
  :: else -> setpend(P_DB, 0, 0)
  fi
}

inline lethal(b) {
  /* max(toughness - damage, 1) */
  lsum = lsum + (TOUGH(b) > ob[b].dmg + 1 -> TOUGH(b) - ob[b].dmg : 1)
}

/* Sum of lethal damage of the blockers of a (into lsum), and their count x2. */
inline blockers_lethal(a) {
  lsum = 0; x2 = 0; q2 = 0;
  do
  :: q2 < NO ->
     if :: ob[q2].zone == BF && ob[q2].cmb == C_BLK && ob[q2].blk == a -> lethal(q2); x2++ :: else fi;
     q2++
  :: else -> break
  od
}

/* 702.19b: the first blocked trampler needing a division, x1 (NONE if none), and its excess */
inline trample_choice_needed() {
  x1 = NONE; q1 = 0;
  do
  :: q1 < NO && x1 == NONE ->
     if
     :: ob[q1].zone == BF && ob[q1].cmb == C_ATK && ob[q1].atgt != 0 && ob[q1].blocked && TRAMPLE(q1) && ob[q1].tramp == TNONE ->
        blockers_lethal(q1);
        if :: x2 > 0 && POWER(q1) > lsum -> x1 = q1 :: else fi
     :: else
     fi;
     q1++
  :: else -> break
  od
}

/* 510.1c: the first attacker (card order) whose damage not assigned to
   what it attacks is divided among two blockers and not yet divided, x1
   (NONE if none); its blockers dv_b1 < dv_b2, the damage dv_r, the least
   each gets (lethal after a trample assignment, 702.19b), and the number
   of divisions dv_n. */
inline division_needed() {
  x1 = NONE; dv_q = 0;
  do
  :: dv_q < NO && x1 == NONE ->
     if
     :: ob[dv_q].zone == BF && ob[dv_q].cmb == C_ATK && ob[dv_q].blocked ->
        dv_k = (TRAMPLE(dv_q) && ob[dv_q].tramp != TNONE -> ob[dv_q].tramp : 0);
        dv_b1 = NONE; dv_b2 = NONE; dv_c = 0; q2 = 0;
        do
        :: q2 < NO ->
           if
           :: ob[q2].zone == BF && ob[q2].cmb == C_BLK && ob[q2].blk == dv_q ->
              if :: dv_c == 0 -> dv_b1 = q2 :: dv_c == 1 -> dv_b2 = q2 :: else fi;
              dv_c++
           :: else
           fi;
           q2++
        :: else -> break
        od;
        if
        :: dv_c >= 2 && POWER(dv_q) > dv_k && ob[dv_b1].share == 0 ->
           assert(dv_c == 2);
           x1 = dv_q;
           dv_r = POWER(dv_q) - dv_k;
           lsum = 0; if :: dv_k > 0 -> lethal(dv_b1) :: else fi; dv_l1 = lsum;
           lsum = 0; if :: dv_k > 0 -> lethal(dv_b2) :: else fi; dv_l2 = lsum;
           dv_n = dv_r - dv_l1 - dv_l2 + 1
        :: else
        fi
     :: else
     fi;
     dv_q++
  :: else -> break
  od
}

inline add_damage(id, n) {
  if :: cd_obj[id] == 0 -> cd_ord[cd_n] = id; cd_n++ :: else fi;
  cd_obj[id] = cd_obj[id] + n
}

/* 510.2: every assignment made, all combat damage is dealt at once */
inline deal_combat_damage() {
     cd_n = 0;
     i1 = 0;
     do :: i1 < NO -> cd_obj[i1] = 0; cd_tr[i1] = 0; i1++ :: else -> break od;
     i1 = 0;
     do :: i1 < NP -> cd_pl[i1] = 0; i1++ :: else -> break od;
     i1 = 0;
     do
     :: i1 < NO ->
        if
        :: ob[i1].zone == BF && ob[i1].cmb != C_NONE && CREATURE(i1) ->
           pw = POWER(i1);
           if
           :: ob[i1].cmb == C_ATK ->
              /* to_attacked */
              if
              :: !ob[i1].blocked -> kk = pw
              :: else ->
                 blockers_lethal(i1);
                 if
                 :: x2 == 0 && TRAMPLE(i1) -> kk = pw
                 :: x2 == 0 && !TRAMPLE(i1) -> kk = 0
                 :: x2 > 0 && TRAMPLE(i1) -> kk = (ob[i1].tramp == TNONE -> 0 : ob[i1].tramp)
                 :: else -> kk = 0
                 fi
              fi;
              /* 510.1c: the rest to a single blocker, or as divided among two */
              rest = pw - kk;
              blockers_lethal(i1);
              x3 = x2;  /* number of blockers */
              q1 = 0;
              do
              :: q1 < NO ->
                 if
                 :: ob[q1].zone == BF && ob[q1].cmb == C_BLK && ob[q1].blk == i1 ->
                    if
                    :: x3 == 1 -> share = rest
                    :: else -> assert(ob[q1].share > 0); share = ob[q1].share - 1
                    fi;
                    if :: share > 0 -> add_damage(q1, share) :: else fi
                 :: else
                 fi;
                 q1++
              :: else -> break
              od;
              if
              :: kk > 0 && ob[i1].atgt >= 1 && ob[i1].atgt <= NP && ingame[ob[i1].atgt - 1] ->
                 cd_pl[ob[i1].atgt - 1] = cd_pl[ob[i1].atgt - 1] + kk
              :: kk > 0 && ob[i1].atgt > NP && ob[ob[i1].atgt - NP - 1].zone == BF ->
                 x2 = ob[i1].atgt - NP - 1;
                 add_damage(x2, kk);
                 if :: ob[i1].blocked && TRAMPLE(i1) -> cd_tr[x2] = 1 :: else fi
              :: else
              fi
           /* 506.4, 510.1d: a blocker of a creature removed from combat deals no damage */
           :: ob[i1].cmb == C_BLK && ob[ob[i1].blk].zone == BF && ob[ob[i1].blk].cmb == C_ATK ->
              add_damage(ob[i1].blk, pw)
           :: else
           fi
        :: else
        fi;
        i1++
     :: else -> break
     od;
     i1 = 0;
     do :: i1 < NP -> life[i1] = life[i1] - cd_pl[i1]; i1++ :: else -> break od;
     i1 = 0;
     do
     :: i1 < cd_n ->
        x1 = cd_ord[i1];
        if :: CREATURE(x1) -> assert(ob[x1].dmg + cd_obj[x1] < 31); ob[x1].dmg = ob[x1].dmg + cd_obj[x1] :: else fi;
        if :: BATTLE(x1) -> remove_counters(x1, cd_obj[x1], 1) :: else fi;
        i1++
     :: else -> break
     od;
     i1 = 0;
     do :: i1 < NO -> if :: cd_tr[i1] -> ob[i1].h_trampled = 1 :: else fi; ob[i1].tramp = TNONE; ob[i1].share = 0; i1++ :: else -> break od;
     settle(T_PRIO)
}

/* 510: all combat damage at once (only the regular step: no first strike here) */
inline combat_damage_step(s) {
  step = s;
  trample_choice_needed();
  if
  :: x1 != NONE -> setpend(P_TRAMPLE, x1, 0)
  :: else ->
     /* 510.1c: a division with a single way to make it is made at once */
     do
     :: division_needed();
        if
        :: x1 != NONE && dv_n == 1 ->
           ob[dv_b1].share = dv_l1 + 1; ob[dv_b2].share = dv_r - dv_l1 + 1
        :: else -> break
        fi
     od;
     if
     :: x1 != NONE -> setpend(P_DIVIDE, x1, 0)
     :: else -> deal_combat_damage()
     fi
  fi
}

inline next_damage_step() {
  if
  :: step == S_DB || step == S_FS -> combat_damage_step(S_CD)
  :: else -> end_of_combat()
  fi
}

/* 310.2, 310.4b: the top spell resolves into entering permanent `e` */
inline finish_enter(e, p) {
  x1 = sk[skn - 1].ctrl; x2 = sk[skn - 1].tr; x3 = p;
  assert(sk[skn - 1].card == e);
  pop();
  move_to(e, BF);
  ob[e].ctrl = x1; ob[e].dctrl = x1; ob[e].sick = 1; ob[e].back = x2;
  if :: BATTLE(e) -> ob[e].ctr = DEFENSE; ob[e].prot = (x3 == NONE -> PNONE : x3); ob[e].porig = O_ENTERED :: else fi;
  settle(T_PRIO)
}

inline begin_enter(e, c) {
  if
  :: KIND(e) == K_SIEGE ->
     po_k = NONE;
     siege_protectors(c);
     if
     :: po_n > 1 -> setpend(P_ENTER, e, 0)
     :: else -> finish_enter(e, po_first)
     fi
  :: else -> finish_enter(e, NONE)
  fi
}

/* 310.12b */
inline resolve_defeat_trigger(d_src, d_inc, d_c) {
  if
  :: ob[d_src].zone != BF || ob[d_src].inc != d_inc -> BUMP(ob[d_src].h_fiz); settle(T_PRIO)
  :: else ->
     move_to(d_src, EXILE);
     BUMP(ob[d_src].h_exi);
     if
     :: ingame[d_c] -> setpend(P_CASTTR, d_src, d_c)
     :: else -> settle(T_PRIO)
     fi
  fi
}

/* Is target g (with incarnation n) legal for spell card c now? (into rt_legal) */
inline legal_target(c, g, n) {
  rt_legal = 0;
  if
  :: g >= 1 && g <= NP -> rt_legal = (KIND(c) == K_BOLT && ingame[g - 1])
  :: g > NP ->
     x2 = g - NP - 1;
     rt_legal = (ob[x2].zone == BF && ob[x2].inc == n && (KIND(c) == K_STEAL || CREATURE(x2) || BATTLE(x2)))
  :: else
  fi
}

inline resolve_top() {
  rt_t = skn - 1;
  if
  :: sk[rt_t].kind == SK_TRIG ->
     rt_src = sk[rt_t].card; rt_inc = sk[rt_t].tinc; rt_ctrl = sk[rt_t].ctrl;
     pop();
     resolve_defeat_trigger(rt_src, rt_inc, rt_ctrl)
  :: sk[rt_t].kind == SK_SPELL && sk[rt_t].tr ->
     rt_card = sk[rt_t].card;
     finish_enter(rt_card, NONE)
  :: else ->
     rt_card = sk[rt_t].card; rt_ctrl = sk[rt_t].ctrl; rt_tgt = sk[rt_t].tgt; rt_tinc = sk[rt_t].tinc;
     if
     :: INSTANT(rt_card) ->
        legal_target(rt_card, rt_tgt, rt_tinc);
        if
        :: rt_legal && KIND(rt_card) == K_BOLT && rt_tgt <= NP -> life[rt_tgt - 1] = life[rt_tgt - 1] - 2
        :: rt_legal && KIND(rt_card) == K_BOLT && rt_tgt > NP ->
           x1 = rt_tgt - NP - 1;
           if :: CREATURE(x1) -> assert(ob[x1].dmg + 2 < 31); ob[x1].dmg = ob[x1].dmg + 2 :: else fi;
           if :: BATTLE(x1) -> remove_counters(x1, 2, 0) :: else fi
        :: rt_legal && KIND(rt_card) == K_STEAL ->
           x1 = rt_tgt - NP - 1;
           /* record the control effect (at most 3, the oldest forgotten), then 613.7 */
           if :: ob[x1].ce2 != 0 -> ob[x1].ce0 = ob[x1].ce1; ob[x1].ce1 = ob[x1].ce2; ob[x1].ce2 = 0 :: else fi;
           if
           :: ob[x1].ce0 == 0 -> ob[x1].ce0 = rt_ctrl + 1
           :: ob[x1].ce0 != 0 && ob[x1].ce1 == 0 -> ob[x1].ce1 = rt_ctrl + 1
           :: else -> ob[x1].ce2 = rt_ctrl + 1
           fi;
           change_control(x1, rt_ctrl)
        :: else  /* 608.2b: fizzles */
        fi;
        pop();
        move_to(rt_card, GY);
        settle(T_PRIO)
     :: else -> begin_enter(rt_card, rt_ctrl)
     fi
  fi
}

inline pass_all() {
  if
  :: skn > 0 -> resolve_top()
  :: else ->
     if
     :: step == S_MAIN -> begin_combat()
     :: step == S_DA -> begin_blocks()
     :: else -> next_damage_step()
     fi
  fi
}

/* Priority casts in the Rust order; pc_cnt counts them, and number dk-1
   is recorded in pc_pl, pc_card, pc_tgt. */
inline priority_casts() {
  pc_cnt = 0;
  i1 = 0;
  do
  :: i1 < NP ->
     if
     :: ingame[i1] ->
        i2 = 0;
        do
        :: i2 < NO ->
           if
           :: OWNER(i2) == i1 && ob[i2].zone == HAND && (INSTANT(i2) || (i1 == act && step == S_MAIN && skn == 0)) ->
              if
              :: INSTANT(i2) ->
                 q1 = 1;
                 do
                 :: q1 <= NP + NO ->
                    lt_n = (q1 > NP -> ob[q1 - NP - 1].inc : 0);
                    legal_target(i2, q1, lt_n);
                    if
                    :: rt_legal ->
                       pc_cnt++;
                       if :: pc_cnt == dk -> pc_pl = i1; pc_card = i2; pc_tgt = q1 :: else fi
                    :: else
                    fi;
                    q1++
                 :: else -> break
                 od
              :: else ->
                 pc_cnt++;
                 if :: pc_cnt == dk -> pc_pl = i1; pc_card = i2; pc_tgt = 0 :: else fi
              fi
           :: else
           fi;
           i2++
        :: else -> break
        od
     :: else
     fi;
     i1++
  :: else -> break
  od
}

/* The SBA protector choice slots: sl[s] battles with more than one option. */
inline sba_slots() {
  protector_needs();
  slN = 0; i1 = 0;
  do
  :: i1 < NO ->
     if
     :: st_need[i1] != NONE ->
        po_k = NONE; po_c = ob[i1].ctrl; siege_protectors(po_c);
        if :: po_n > 1 -> sl[slN] = i1; slN++ :: else fi
     :: else
     fi;
     i1++
  :: else -> break
  od
}

/* The number of decisions now (0 only when the game is over). */
inline count_decisions() {
  dk = NONE;
  if
  :: pend == P_PRIO -> priority_casts(); ndec = 1 + pc_cnt
  :: pend == P_DA -> attack_options(); nn = 1; i1 = 0;
     do :: i1 < eaN -> nn = nn * (atN + 1); i1++ :: else -> break od;
     assert(nn <= MAXD); ndec = nn
  :: pend == P_DB -> block_options(); nn = 1; i1 = 0;
     do :: i1 < blN -> nn = nn * (boN[i1] + 1); i1++ :: else -> break od;
     assert(nn <= MAXD); ndec = nn
  :: pend == P_TRAMPLE -> blockers_lethal(pa); ndec = POWER(pa) - lsum + 1
  :: pend == P_DIVIDE -> division_needed(); assert(x1 == pa); ndec = dv_n
  :: pend == P_ENTER -> po_k = NONE; po_c = sk[skn - 1].ctrl; siege_protectors(po_c); ndec = po_n
  :: pend == P_SBA -> sba_slots(); nn = 1; i1 = 0;
     do :: i1 < slN -> po_k = NONE; po_c = ob[sl[i1]].ctrl; siege_protectors(po_c); nn = nn * po_n; i1++ :: else -> break od;
     assert(nn <= MAXD); ndec = nn
  :: pend == P_CASTTR -> ndec = 2
  :: pend == P_OVER -> ndec = 0
  fi;
  assert(ndec <= MAXD);
  dk = 0
}

/* Applying decision dk: one d_step per kind (SPIN limits the size of a
   d_step), then one d_step for the state-based actions (every settle() is
   the last thing a decision does). */
#define APPLY(cond, code) :: cond -> d_step { st_pending = 0; code }

inline cast_decision() {
  priority_casts();
  /* 601.2: cast */
  x1 = pc_card;
  move_to(x1, STACK);
  ob[x1].ctrl = pc_pl; ob[x1].dctrl = pc_pl;
  pu_n = (pc_tgt > NP -> ob[pc_tgt - NP - 1].inc : 0);
  push(SK_SPELL, x1, pc_pl, 0, pc_tgt, pu_n);
  settle(T_PRIO)
}

inline attack_decision() {
  attack_options();
  nn = dk;
  if
  :: nn == 0 -> end_of_combat()
  :: else ->
     i1 = 0;
     do
     :: i1 < eaN ->
        kk = nn % (atN + 1); nn = nn / (atN + 1);
        if
        :: kk > 0 ->
           x1 = ea[i1]; x2 = at[kk - 1];
           ob[x1].tapped = 1; ob[x1].cmb = C_ATK; ob[x1].atgt = x2; ob[x1].blocked = 0; ob[x1].blk = 0;
           ob[x1].adef = (x2 <= NP -> x2 - 1 : ob[x2 - NP - 1].prot)
        :: else
        fi;
        i1++
     :: else -> break
     od;
     settle(T_PRIO)
  fi
}

inline block_decision() {
  block_options();
  nn = dk; i1 = 0;
  do
  :: i1 < blN ->
     kk = nn % (boN[i1] + 1); nn = nn / (boN[i1] + 1);
     if
     :: kk > 0 ->
        x1 = bl[i1]; x2 = bo[i1 * NO + kk - 1];
        ob[x1].cmb = C_BLK; ob[x1].blk = x2; ob[x1].atgt = 0; ob[x1].adef = 0; ob[x1].blocked = 0;
        if :: ob[x2].cmb == C_ATK -> ob[x2].blocked = 1 :: else fi
     :: else
     fi;
     i1++
  :: else -> break
  od;
  settle(T_PRIO)
}

inline enter_decision() {
  rt_card = pa;
  po_k = dk; po_c = sk[skn - 1].ctrl; siege_protectors(po_c);
  finish_enter(rt_card, po_sel)
}

inline sba_decision() {
  sba_slots();
  nn = dk; i1 = 0;
  do
  :: i1 < slN ->
     x1 = sl[i1];
     po_k = NONE; po_c = ob[x1].ctrl; siege_protectors(po_c);
     po_k = nn % po_n; nn = nn / po_n;
     siege_protectors(po_c);
     set_protector(x1, po_sel, st_need[x1]);
     i1++
  :: else -> break
  od;
  settle(pa)
}

inline cast_transformed_decision() {
  x1 = pa; x2 = pb;
  if
  :: dk == 0 ->
     /* cast it transformed (712.8c, 712.11a) */
     move_to(x1, STACK);
     ob[x1].back = 1; ob[x1].ctrl = x2; ob[x1].dctrl = x2;
     BUMP(ob[x1].h_tc);
     push(SK_SPELL, x1, x2, 1, 0, 0);
     settle(T_PRIO)
  :: else -> settle(T_PRIO)
  fi
}

#define CHOOSE(k) :: ndec > k -> dk = k

active proctype game() {
  d_step {
    turn = 0; act = 0; step = S_MAIN; setpend(P_PRIO, 0, 0);
    i1 = 0;
    do :: i1 < NP -> life[i1] = LIFE; ingame[i1] = 1; i1++ :: else -> break od;
    i1 = 0;
    do
    :: i1 < NO -> ob[i1].zone = START(i1); ob[i1].ctrl = OWNER(i1); ob[i1].dctrl = OWNER(i1); ob[i1].prot = PNONE; ob[i1].tramp = TNONE; i1++
    :: else -> break
    od
  };
end:
  do
  :: atomic {
       pend != P_OVER -> d_step { count_decisions() };
       if
       CHOOSE(0) CHOOSE(1) CHOOSE(2) CHOOSE(3) CHOOSE(4) CHOOSE(5) CHOOSE(6) CHOOSE(7)
       CHOOSE(8) CHOOSE(9) CHOOSE(10) CHOOSE(11) CHOOSE(12) CHOOSE(13) CHOOSE(14) CHOOSE(15)
       CHOOSE(16) CHOOSE(17) CHOOSE(18) CHOOSE(19) CHOOSE(20) CHOOSE(21) CHOOSE(22) CHOOSE(23)
       CHOOSE(24) CHOOSE(25) CHOOSE(26) CHOOSE(27) CHOOSE(28) CHOOSE(29) CHOOSE(30) CHOOSE(31)
       CHOOSE(32) CHOOSE(33) CHOOSE(34) CHOOSE(35) CHOOSE(36) CHOOSE(37) CHOOSE(38) CHOOSE(39)
       CHOOSE(40) CHOOSE(41) CHOOSE(42) CHOOSE(43) CHOOSE(44) CHOOSE(45) CHOOSE(46) CHOOSE(47)
       CHOOSE(48) CHOOSE(49) CHOOSE(50) CHOOSE(51) CHOOSE(52) CHOOSE(53) CHOOSE(54) CHOOSE(55)
       CHOOSE(56) CHOOSE(57) CHOOSE(58) CHOOSE(59) CHOOSE(60) CHOOSE(61) CHOOSE(62) CHOOSE(63)
       fi;
       if
       APPLY(pend == P_PRIO && dk == 0 && skn > 0, resolve_top())
       APPLY(pend == P_PRIO && dk == 0 && skn == 0 && step == S_MAIN, begin_combat())
       APPLY(pend == P_PRIO && dk == 0 && skn == 0 && step == S_DA, begin_blocks())
       APPLY(pend == P_PRIO && dk == 0 && skn == 0 && step > S_DA, next_damage_step())
       APPLY(pend == P_PRIO && dk > 0, cast_decision())
       APPLY(pend == P_DA, attack_decision())
       APPLY(pend == P_DB, block_decision())
       APPLY(pend == P_TRAMPLE, ob[pa].tramp = dk; combat_damage_step(step))
       APPLY(pend == P_DIVIDE, division_needed(); ob[dv_b1].share = dv_l1 + dk + 1; ob[dv_b2].share = dv_r - dv_l1 - dk + 1; combat_damage_step(step))
       APPLY(pend == P_ENTER, enter_decision())
       APPLY(pend == P_SBA, sba_decision())
       APPLY(pend == P_CASTTR, cast_transformed_decision())
       fi;
       d_step { if :: st_pending -> do_settle() :: else fi; st_pending = 0; st_then = 0; ndec = 0; dk = 0 }
     }
  od
}
