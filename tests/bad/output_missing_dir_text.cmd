# --emit dot into a missing directory
# status: 4
--example 'x=randn(2,3)' --emit dot model.py -o missing/graph.dot
