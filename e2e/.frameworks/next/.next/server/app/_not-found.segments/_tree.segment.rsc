2:[["children",{"s":"__PAGE__","h":49312}]]
1:[["children",{"s":"/_not-found","h":49248,"c":"$Q2"}]]
0:{"b":"TnJZj9zSEdIgGMeYD1v6u","t":{"t":{"s":"","h":49232,"c":"$Q1"}}}
