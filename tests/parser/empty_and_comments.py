# Only comments and blank lines around one statement.

   # indented comment

x = 1  # trailing comment
  # comment at odd indent
