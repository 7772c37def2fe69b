"""One module per scene: menu, setup, table, privacy, scores, settings, rules, saved games."""
