# An empty input name
# status: 2
--input ':float32[2,3]' model.py
