"""Pure logic with no I/O beyond reading a survey file: designs, randomizer, survey files."""
