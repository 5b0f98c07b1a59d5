"""``python -m codeeval``."""

import sys

from codeeval.cli import main

sys.exit(main())
