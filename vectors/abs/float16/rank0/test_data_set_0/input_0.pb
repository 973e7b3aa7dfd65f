
BXJåÙ