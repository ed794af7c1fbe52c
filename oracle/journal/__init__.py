"""The journal: every campaign as one SQLite file of events, and everything read from it.

==================  ==========================================================================
``store``           the campaign file: append-only events, committed before the state moves on
``files``           reading a file's header before trusting it; one sentence per failure
``replay``          the generic fold: rules events through the system, meta events and undo here
``campaign``        :class:`~oracle.journal.campaign.Campaign`: record, undo, refresh, dice
``library``         where campaigns live, the one opened last, listing and deleting them
``dump``            the JSON dump that imports back into an identical campaign
``reading``         a rules event read without knowing its system (status tags, generic lines)
``render``          the :class:`~oracle.journal.render.Renderer` protocol and plain text
``exports``         Markdown and Lonelog renderers, and :func:`~oracle.journal.exports.export`
``cli``             ``oracle campaigns``, ``oracle export`` and ``oracle import``
==================  ==========================================================================

Import from the modules; this package imports nothing, so ``oracle resolve`` never loads SQLite.
"""
