1:[["children",{"s":"__PAGE__","h":49312}]]
0:{"b":"hkOmMDkSksh_E9jlORCB8","t":{"t":{"s":"","h":49232,"c":"$Q1"}}}
