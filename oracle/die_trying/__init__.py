"""Die Trying: a low-fantasy dungeon crawl where characters die a lot.

The rules core is pure (standard library only): it takes die faces and state and returns frozen
records. ``system.py`` puts it behind the shared system interface (``oracle resolve``/``odds``
and the campaign journal fold).

Modules, by what they hold:

- ``dice``: d2 from a die's parity, d3 as a d6 halved up, d100 from two d10
- ``checks``: proficiency levels, the four degrees of success, checks against a DC, concealment
- ``creation``: ability scores by the d3/d2 procedure, proficiencies and talents with the caps
- ``equipment``: the price lists, weapon traits, armor, light, Bulk and the 45 SP budget
- ``character``: the sheet (HP, AC, Speed), damage and healing, Points and marks
- ``death``: death saving throws and stabilizing with a Medicine Kit
- ``magic``: Magic and Instability Dice, spell power, miscasts, improvised casting
- ``combat``: initiative, Strike, Dash, Hide, Sneak, Dodge
- ``odds``: exact odds as fractions (``odds.requests``: ``oracle odds``' dispatch, ``ODDS``)
- ``fold``: the campaign state and its pure fold (event vocabulary there)
- ``words``: an event's journal line and a result's narration beat
- ``fields``, ``requests``: reading JSON requests; the fields each roll reads (``FIELDS``) and
  ``oracle resolve``'s dispatch (``RESOLVERS``); ``system``: the ``SYSTEM`` the registry finds

Where the text is silent, the choices are in ``docs/rulings.md`` (Die Trying) and marked
``ruling:`` in the code.
"""
