"""Trophy (Dark and Gold): the rules core. Pure: standard library only.

Rules cite ``shared/rules/000`` (Trophy SRD 1.2), ``001`` (the Forest's Rule) and ``004``
(the reference sheet's flows).

- ``risk``: Risk Roll, Devil's Bargains, Help, pushing (``read_risk``, ``push``, ``add_helper``)
- ``contest``: Contest Roll (``read_contest``)
- ``hunt``: Hunt Roll and Hunt Tokens (``read_hunt``, ``spend_tokens``, ``claim_tokens``)
- ``combat``: Combat Roll, continuing, hand-off on retreat (``read_combat``, ``read_continue``)
- ``monsters``: folk vs monsters (a Risk Roll to kill a monster kills the roller)
- ``ruin``: Ruin Roll, Reduction Roll, the Ruin track (``read_ruin_roll``, ``read_reduction``)
- ``character``: the sheet as a frozen value
- ``requests`` / ``results`` / ``fields``: the JSON contract of ``oracle resolve`` (``FIELDS``,
  ``RESOLVERS``); ``odds/``: exact odds (``odds.requests``: ``ODDS``)
- ``fold``: the journal fold (``apply``, ``replay``, the event vocabulary), over ``state``;
  ``sheet_events`` and ``combat_events`` hold some of its events
- ``words``: an event's journal line and a result's narration beat; ``system``: ``SYSTEM``
  (``TrophyState``) and ``combat_events``; ``commands``: roll dice and build the events;
  ``system``: ``SYSTEM`` for the registry; ``odds``: exact odds
"""
