"""``python -m codeeval``."""

from codeeval.cli import main

main()
