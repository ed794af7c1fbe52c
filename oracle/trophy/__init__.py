"""Trophy (Dark and Gold): the rules core. Pure: standard library only.

Rules cite ``shared/rules/000`` (Trophy SRD 1.2), ``001`` (the Forest's Rule) and ``004``
(the reference sheet's flows).
"""
