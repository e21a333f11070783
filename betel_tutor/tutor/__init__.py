"""The interactive tutor: lessons step by step, deals against computer players, progress."""
