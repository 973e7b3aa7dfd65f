
BAJOói-…tU\¯-_sñ¹Ã‹EéKôf