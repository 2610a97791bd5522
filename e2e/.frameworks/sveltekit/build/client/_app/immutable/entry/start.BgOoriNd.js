import{l as o,s as r}from"../chunks/D5_JB9Td.js";export{o as load_css,r as start};
