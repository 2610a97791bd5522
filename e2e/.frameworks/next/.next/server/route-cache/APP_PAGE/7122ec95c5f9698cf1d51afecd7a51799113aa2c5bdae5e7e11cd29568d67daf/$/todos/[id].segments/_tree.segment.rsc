3:[["children",{"s":"__PAGE__","h":49312}]]
2:[["children",{"s":{"n":"id","t":"d","k":null,"s":[]},"h":49248,"c":"$Q3"}]]
1:[["children",{"s":"todos","h":49248,"c":"$Q2"}]]
0:{"b":"TnJZj9zSEdIgGMeYD1v6u","t":{"t":{"s":"","h":49232,"c":"$Q1"}}}
