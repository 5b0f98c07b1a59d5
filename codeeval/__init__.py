"""codeeval: evaluate language-model outputs, above all code, and turn them into numbers."""

__version__ = "0.1.0"
