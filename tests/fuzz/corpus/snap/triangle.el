# triangle
0 1
1 2
2 0
