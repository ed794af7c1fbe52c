"""Triptycho: the rules core. Pure: standard library only.

Rules cite ``shared/rules/003`` (Triptycho, chapter 3: Scenarios). Modules: ``entries`` (XdY,
dice level and number), ``combat`` (opposed rolls, Damage, Defense, Piercing, Resistance and
Weakness), ``cards`` (cards typed in by the table), ``reading`` (request fields to entries and
faces), ``attack`` (the damage and attack roll kinds), ``vitals`` (HP/EP/WP, Injuries),
``tracks`` (Stat Tracks), ``rounds`` (Initiative, the round and the turn, hands as counts),
``state`` (the roster and the scenario), ``odds`` (exact distributions; ``odds.requests`` the
dispatch of ``oracle odds``), ``requests`` (the fields each roll reads and ``oracle resolve``'s
dispatch), ``fold`` (the journal fold), ``words`` (journal line and beat) and ``system``
(``SYSTEM``).
"""
