"""Judging: an LLM judge that never grades itself, blind human review, agreement between
raters, and the quality-judge composite with its review queue.

::

    identity.py   refuse to judge a model with itself (ids, weights, declared aliases)
    prompting.py  the judge's prompt, its JSON schema, and reading its reply
    cache.py      judgments cached by (judge, rubric version, criterion, text hash); drift
    run.py        the orchestrator: one criterion across all texts, then the next
    blind.py      anonymised copies, scoring sheets, strict import of filled sheets
    agreement.py  exact, within-one, quadratic κ, Krippendorff's α with bootstrap CIs
    composite.py  the quality-judge composite, verdicts, the human-review queue

Nothing here imports ``openai``; the model arrives as a :class:`codeeval.chat.ChatModel`.
"""
