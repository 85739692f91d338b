"""asc.language: the kernel language (casc.asc)."""
from casc.asc import *  # noqa: F401,F403
